// Card codes (RULES.md R-CODE): "7H", "10S", "AD", "*", and "*:7H" for a joker in a meld
// that stands for 7H. Pure functions, shared by the table and the tests.

export const SUITS = ["S", "H", "D", "C"] as const;
export type Suit = (typeof SUITS)[number];

const RANKS: Record<string, number> = { A: 1, J: 11, Q: 12, K: 13 };
const RANK_NAMES: Record<number, string> = { 1: "A", 11: "J", 12: "Q", 13: "K" };

export interface Parsed {
  code: string;
  joker: boolean;
  rank: number | null; // 1..13; for an annotated joker, the rank it stands for
  suit: Suit | null;
  represents: string | null;
}

export function parseCard(code: string): Parsed {
  if (code.startsWith("*")) {
    const represents = code.length > 2 && code[1] === ":" ? code.slice(2) : null;
    const inner = represents ? parseCard(represents) : null;
    return { code, joker: true, rank: inner?.rank ?? null, suit: inner?.suit ?? null, represents };
  }
  const suit = code.slice(-1) as Suit;
  const r = code.slice(0, -1);
  const rank = RANKS[r] ?? Number(r);
  return { code, joker: false, rank, suit, represents: null };
}

export const bareJoker = (code: string) => (code.startsWith("*") ? "*" : code);

export const SUIT_SYMBOL: Record<Suit, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };
// Card games: red hearts and diamonds. Rummikub presets: S black, H red, D orange, C blue.
export const CARD_COLOUR: Record<Suit, string> = { S: "#1b1b1b", H: "#c62828", D: "#c62828", C: "#1b1b1b" };
export const TILE_COLOUR: Record<Suit, string> = { S: "#1b1b1b", H: "#c62828", D: "#b35900", C: "#1565c0" };

// Rummikub colours are also told apart by shape (for players who do not see the colours).
export const TILE_SHAPE: Record<Suit, string> = { S: "■", H: "●", D: "▲", C: "◆" };

export function rankLabel(rank: number | null, numbers: boolean): string {
  if (rank === null) return "";
  return numbers ? String(rank) : (RANK_NAMES[rank] ?? String(rank));
}

const SUIT_ORDER: Record<string, number> = { S: 0, H: 1, D: 2, C: 3 };

/** Sort for sets ("777"): by rank, then suit; jokers last. */
export function sortByRank(hand: string[]): string[] {
  return [...hand].sort((a, b) => key(a, true) - key(b, true));
}

/** Sort for runs ("789"): by suit, then rank; jokers last. */
export function sortBySuit(hand: string[]): string[] {
  return [...hand].sort((a, b) => key(a, false) - key(b, false));
}

function key(code: string, rankFirst: boolean): number {
  const p = parseCard(code);
  if (p.joker) return 10_000;
  const s = SUIT_ORDER[p.suit as string];
  const r = p.rank as number;
  return rankFirst ? r * 10 + s : s * 100 + r;
}

/**
 * A meld of my draft with its jokers annotated as `*:7H` from a valid checkMelds answer
 * (`checked`: the meld's cards as the server read them). The server's order is used when
 * it is the draft's order; otherwise only a lone joker can be named without guessing.
 */
export function annotateJokers(meld: string[], checked: { code: string; represents?: string | null }[] | null | undefined): string[] {
  if (!checked || checked.length !== meld.length) return meld;
  const bare = meld.map(bareJoker);
  if (bare.every((c, i) => c === bareJoker(checked[i].code))) {
    return meld.map((c, i) => (c === "*" && checked[i].represents ? `*:${checked[i].represents}` : c));
  }
  const sorted = (l: string[]) => JSON.stringify([...l].sort());
  if (sorted(bare) !== sorted(checked.map((c) => bareJoker(c.code)))) return meld; // a stale check
  const named = checked.filter((c) => c.code === "*" && c.represents);
  if (bare.filter((c) => c === "*").length !== 1 || named.length !== 1) return meld;
  return meld.map((c) => (c === "*" ? `*:${named[0].represents}` : c));
}
