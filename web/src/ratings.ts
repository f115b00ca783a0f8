// Rating changes on the result screen of a ranked match (ordinals, as the leaderboard).
//
// The server tells each player their own change (RatingChanged on myEvents): exact. For
// the other seats the page notes each player's rating while the match runs (before) and
// reads it again once the match is rated (after); opened only after the end, it knows
// their rating after the match but not before. Kept in localStorage per match.

export interface RatingChange {
  before?: number | null; // null: no rating before (a first rated game); absent: unknown
  after: number | null; // null: not rated yet
  exact: boolean; // from the server's RatingChanged event
  games?: number; // rated games before the match (to see when it was rated)
}
export type MatchRatings = Record<string, RatingChange>; // by username

const KEY = "rummy.ratings.";
const store = () => (typeof localStorage !== "undefined" ? localStorage : null);

export function readRatings(matchId: string): MatchRatings {
  try {
    return JSON.parse(store()?.getItem(KEY + matchId) ?? "{}") as MatchRatings;
  } catch {
    return {};
  }
}
export function writeRatings(matchId: string, r: MatchRatings) {
  store()?.setItem(KEY + matchId, JSON.stringify(r));
}

/** "12.3 → 14.1 (+1.8)"; "new → 3.0"; "12.3 → …" while pending; "14.1" (before unknown). */
export function formatChange(c: RatingChange | undefined, newLabel: string, pending: string): string {
  if (!c) return "";
  const f = (x: number) => x.toFixed(1);
  if (c.before === undefined) return c.after === null ? "" : f(c.after);
  const before = c.before === null ? newLabel : f(c.before);
  if (c.after === null) return `${before} → ${pending}`;
  if (c.before === null) return `${before} → ${f(c.after)}`;
  const d = c.after - c.before;
  return `${before} → ${f(c.after)} (${d >= 0 ? "+" : "−"}${f(Math.abs(d))})`;
}

/**
 * Merge what the page knows now: `noted` (stored), `current` ratings read from the server
 * (`player.ratings` of this ruleset and tempo; undefined when that player has none).
 * `finished`: the match is over, so a rating with more games than noted is the "after".
 */
export function mergeRatings(
  noted: MatchRatings,
  current: Record<string, { ordinal: number; games: number } | undefined>,
  finished: boolean,
): MatchRatings {
  const out: MatchRatings = { ...noted };
  for (const [name, cur] of Object.entries(current)) {
    const n = noted[name];
    if (n?.exact) continue; // the server's own event wins
    if (!finished) {
      if (!n) out[name] = { before: cur?.ordinal ?? null, after: null, exact: false, games: cur?.games ?? 0 };
      continue;
    }
    if (!n) {
      // Opened after the end: the rating now is the one after (if rated), before unknown.
      out[name] = { after: cur?.ordinal ?? null, exact: false };
    } else if (n.after === null && cur && cur.games > (n.games ?? 0)) {
      out[name] = { ...n, after: cur.ordinal };
    }
  }
  return out;
}
