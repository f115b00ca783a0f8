// What happened at the table, from the match's typed events (TurnCommitted, CardDrawn, ...;
// never the deprecated `payload`): the move log's lines, the moves of a replay grouped by
// round and turn, the cards the others placed since my last turn, and what my expired
// turn did. Pure functions over the events, shared by the match page and the replay.
import type { AbortReason, EventFieldsFragment } from "./gql/graphql";
import { bareJoker } from "./cards";
import { cardsText } from "./names";
import { getLang, t, tEnum, tn, type Key } from "./i18n";

export type Ev = EventFieldsFragment;
export interface SeatLike {
  index: number;
  username?: string | null;
  bot?: unknown;
}

/** A seat's name: its player, or its bot by seat and level ("Bot 2 (easy)"). */
export function seatLabel(seats: SeatLike[], index: number | null | undefined): string {
  if (index === null || index === undefined) return "";
  const s = seats.find((x) => x.index === index);
  if (s?.username) return s.username;
  const level = s?.bot ? (tEnum("level", String(s.bot)) ?? String(s.bot)) : null;
  return level ? t("botSeat", { n: index + 1, level }) : t("seatN", { n: index + 1 });
}

/** One line of the move log: a text of the table (with `{cards}` where card faces go). */
export interface Entry {
  seq: number;
  seat: number | null;
  key: Key;
  vars: Record<string, string | number>;
  cards: string[] | null;
  end?: boolean; // a round's or the match's end
}

const codes = (l: { code: string }[] | null | undefined) => (l ?? []).map((c) => c.code);

/** The log line of an event, or null for events that are no move (a turn starting, a draft). */
export function describe(ev: Ev, seats: SeatLike[], tiles = false): Entry | null {
  const base = { seq: ev.seq, cards: null };
  const what = (n: number) => tn(tiles ? "tiles" : "cards", n);
  const who = (seat: number) => ({ name: seatLabel(seats, seat) });
  switch (ev.__typename) {
    case "MatchStarted":
      return { ...base, seat: null, key: "log_started", vars: {} };
    case "RoundStarted":
      return { ...base, seat: null, key: "log_round", vars: { n: ev.round } };
    case "TurnCommitted": {
      const took = ev.jokersToHand > 0 ? "log_laidJoker" : ev.jokerSwaps.length > 0 ? "log_laidSwap" : "log_laid";
      const entry: Entry = { ...base, seat: ev.seat, key: took, vars: who(ev.seat), cards: codes(ev.played) };
      if (ev.opening !== null && ev.opening !== undefined) {
        entry.key = ev.jokersToHand > 0 ? "log_openedJoker" : "log_opened";
        entry.vars = { ...entry.vars, n: ev.opening };
      }
      return entry;
    }
    case "CardDrawn": {
      const src = String(ev.source);
      if (src === "DISCARD") return { ...base, seat: ev.seat, key: "log_tookDiscard", vars: who(ev.seat), cards: ev.card ? [ev.card.code] : null };
      if (src === "RIVER")
        return { ...base, seat: ev.seat, key: "log_tookRiver", vars: { ...who(ev.seat), n: ev.count }, cards: ev.key ? [ev.key.code] : null };
      const mine = ev.cards && ev.cards.length > 0 ? codes(ev.cards) : null;
      if (ev.penalty > 0)
        return { ...base, seat: ev.seat, key: mine ? "log_penaltySeen" : "log_penalty", vars: { ...who(ev.seat), what: what(ev.count) }, cards: mine };
      if (mine) return { ...base, seat: ev.seat, key: "log_drewSeen", vars: who(ev.seat), cards: mine };
      return { ...base, seat: ev.seat, key: ev.count === 1 ? "log_drew" : "log_drewN", vars: { ...who(ev.seat), what: what(ev.count) } };
    }
    case "CardDiscarded":
      return { ...base, seat: ev.seat, key: String(ev.to) === "RIVER" ? "log_river" : "log_discarded", vars: who(ev.seat), cards: [ev.discarded.code] };
    case "TurnPassed":
      return { ...base, seat: ev.seat, key: "log_passed", vars: who(ev.seat) };
    case "TurnExpired":
      return { ...base, seat: ev.seat, key: "log_expired", vars: who(ev.seat) };
    case "MoveUndone":
      return { ...base, seat: ev.seat, key: "log_undone", vars: who(ev.seat) };
    case "StockRestocked":
      return { ...base, seat: null, key: "log_restocked", vars: {} };
    case "SeatChanged": {
      const name = ev.username ?? seatLabel(seats, ev.seat);
      const reason = tEnum("takeoverReason", ev.reason ? String(ev.reason) : null) ?? t("botPlays");
      return { ...base, seat: ev.seat, key: `log_seat_${String(ev.change)}` as Key, vars: { name, reason } };
    }
    case "RoundEnded": {
      const r = ev.result;
      const names = r.winners.map((w) => seatLabel(seats, w)).join(", ");
      if (!names) return { ...base, seat: null, key: "log_roundDrawn", vars: { n: r.round }, end: true };
      return { ...base, seat: null, key: r.rummy ? "log_roundRummy" : "log_roundWon", vars: { n: r.round, name: names }, end: true };
    }
    case "MatchEnded":
      return { ...base, seat: null, key: "log_matchWon", vars: { name: ev.outcome.winners.map((w) => seatLabel(seats, w)).join(", ") }, end: true };
    case "MatchAborted":
      return { ...base, seat: null, key: "log_aborted", vars: { reason: abortReason(ev.reasonCode, ev.abortReason) }, end: true };
    default:
      return null;
  }
}

/** An entry as plain text (the seat's summary, a status line). */
export function entryText(e: Entry, tiles: boolean): string {
  return t(e.key, { ...e.vars, cards: e.cards ? cardsText(e.cards, tiles) : "" });
}

/**
 * Why a match was aborted, in the viewer's language: the text of its code (AbortReason).
 * OTHER has no text of ours: in English the server's own, else "another reason".
 */
export function abortReason(code: AbortReason | null | undefined, text?: string | null): string {
  if (code === "OTHER") return getLang() === "en" && text ? text : t("abort_OTHER");
  return tEnum("abort", code) ?? t("abort_unknown");
}

/** The reason of the match's abort, if its events have one. */
export function abortOf(events: Ev[]): string | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.__typename === "MatchAborted") return abortReason(e.reasonCode, e.abortReason);
  }
  return null;
}

/** The last move of each seat in the current round, as log entries. */
export function lastMoves(events: Ev[], seats: SeatLike[], tiles = false): Map<number, Entry> {
  const out = new Map<number, Entry>();
  for (const ev of events) {
    if (ev.__typename === "RoundStarted") out.clear();
    if (ev.__typename === "SeatChanged" || ev.__typename === "MoveUndone") continue;
    const e = describe(ev, seats, tiles);
    if (e && e.seat !== null) out.set(e.seat, e);
  }
  return out;
}

/**
 * The cards other seats placed on the table since my last turn (a multiset of codes,
 * jokers bare): what TurnCommitted.played says they took from their hands. While I am on
 * turn these are the plays since my previous turn; a new round starts afresh. A spectator
 * (mySeat null) sees the last committed turn's cards.
 */
export function placedSinceMyTurn(events: Ev[], mySeat: number | null | undefined): string[] {
  let acc: string[] = [];
  let mineLast = false; // the turn before this one was mine
  for (const ev of events) {
    if (ev.__typename === "RoundStarted") acc = [];
    else if (ev.__typename === "TurnStarted") {
      if (mySeat === null || mySeat === undefined || mineLast) acc = [];
      mineLast = ev.seat === mySeat;
    } else if (ev.__typename === "TurnCommitted" && ev.seat !== mySeat) {
      acc.push(...ev.played.map((c) => bareJoker(c.code)));
    }
  }
  return acc;
}

/** Which cards of `table` (in order) are marked: each mark matches one card at most. */
export function markCards(table: string[][], marks: string[]): boolean[][] {
  const left = [...marks];
  return table.map((meld) =>
    meld.map((code) => {
      const i = left.indexOf(bareJoker(code));
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    }),
  );
}

/** What happened when my turn's time ran out, while that is still news (until I move again). */
export interface Expiry {
  seq: number;
  committed: boolean;
  undone: boolean;
  drew: number;
  discarded: string | null;
  takenOver: boolean;
}

export function expiryOf(events: Ev[], mySeat: number | null | undefined): Expiry | null {
  if (mySeat === null || mySeat === undefined) return null;
  let found: Expiry | null = null;
  let after = false; // past the expiry's own turn
  for (const ev of events) {
    if (ev.__typename === "TurnExpired" && ev.seat === mySeat) {
      const u = (ev.undone ?? {}) as { draft?: boolean; steps?: number; riverTake?: boolean };
      found = { seq: ev.seq, committed: false, undone: !!u.draft || (u.steps ?? 0) > 0 || !!u.riverTake, drew: 0, discarded: null, takenOver: false };
      after = false;
      continue;
    }
    if (!found) continue;
    if (ev.__typename === "TurnStarted") {
      if (ev.seat === mySeat) after = true;
      continue;
    }
    const seat = "seat" in ev ? ev.seat : null;
    if (seat !== mySeat) continue;
    if (after && ["TurnCommitted", "CardDrawn", "CardDiscarded", "TurnPassed"].includes(ev.__typename)) return null; // I moved again
    if (after) continue;
    if (ev.__typename === "TurnCommitted") found.committed = true;
    if (ev.__typename === "CardDrawn") found.drew += ev.count;
    if (ev.__typename === "CardDiscarded") found.discarded = ev.discarded.code;
    if (ev.__typename === "SeatChanged" && String(ev.change) === "BOT_TOOK_OVER") found.takenOver = true;
  }
  return found;
}

/** The notice's text pieces, in the viewer's language. */
export function expiryText(x: Expiry, tiles: boolean): string {
  const parts: string[] = [t("expired")];
  if (x.committed) parts.push(t("expiredCommitted"));
  else if (x.undone) parts.push(t("expiredUndone"));
  if (x.drew > 0) parts.push(t("expiredDrew", { what: tn(tiles ? "tiles" : "cards", x.drew) }));
  if (x.discarded) parts.push(t("expiredDiscarded", { card: cardsText([x.discarded], tiles) }));
  if (x.takenOver) parts.push(t("expiredTakeover"));
  if (parts.length === 1) parts.push(t("expiredNothing"));
  return parts.join(" ");
}

/** One turn of a replay: its events (indexes into the list) and its log lines. */
export interface Move {
  round: number;
  turn: number | null; // null: events before any turn (a match aborted before its start)
  seat: number | null;
  first: number;
  last: number;
  entries: Entry[];
}

/**
 * The events grouped by round and turn: one move per TURN_STARTED, with what follows it;
 * a deal (and the match's start) goes with the round's first turn.
 */
export function groupMoves(events: Ev[], seats: SeatLike[], tiles = false): Move[] {
  const moves: Move[] = [];
  let round = 0;
  let turnInRound = 0;
  events.forEach((ev, i) => {
    const open = moves[moves.length - 1];
    const pending = open && open.turn === null; // a deal waiting for its first turn
    if (ev.__typename === "RoundStarted") {
      round = ev.round;
      turnInRound = 0;
      if (pending) open.round = round;
      else moves.push({ round, turn: null, seat: null, first: i, last: i, entries: [] });
    } else if (ev.__typename === "TurnStarted") {
      round = ev.round || round;
      turnInRound += 1;
      if (pending && open.round === round) {
        open.turn = turnInRound;
        open.seat = ev.seat;
      } else moves.push({ round, turn: turnInRound, seat: ev.seat, first: i, last: i, entries: [] });
    } else if (moves.length === 0) {
      moves.push({ round, turn: null, seat: null, first: i, last: i, entries: [] });
    }
    const m = moves[moves.length - 1];
    m.last = i;
    const e = describe(ev, seats, tiles);
    if (e) m.entries.push(e);
  });
  return moves;
}

/** The table as it stood after event `upto` (the last one that set it). */
export function tableAt(events: Ev[], upto: number): { code: string; represents?: string | null }[][] {
  for (let i = Math.min(upto, events.length - 1); i >= 0; i--) {
    const ev = events[i];
    if (ev.__typename === "TurnCommitted" || ev.__typename === "MoveUndone") return ev.table.map((m) => m.cards);
    if (ev.after?.table) return ev.after.table.map((m) => m.cards);
    if (ev.__typename === "RoundStarted") return [];
  }
  return [];
}
