// The turn being built: a table of melds (card codes) and the hand. Every move is a pure
// function returning a new Draft, so undo is a stack and tests need no browser.
import { bareJoker, parseCard } from "./cards";

export interface Draft {
  table: string[][];
  hand: string[];
}

/** Where a card is: in the hand, or in table meld `meld` at position `index`. */
export type Place = { zone: "hand"; index: number } | { zone: "meld"; meld: number; index: number };
/** Where a card goes: onto meld `meld` (at its end, or at `index`), or a new meld. */
export type Target = { zone: "meld"; meld: number; index?: number } | { zone: "new" } | { zone: "hand" };

export function cardAt(d: Draft, p: Place): string | undefined {
  return p.zone === "hand" ? d.hand[p.index] : d.table[p.meld]?.[p.index];
}

/**
 * Move one card. A joker that leaves its meld loses its annotation (it may stand for
 * something else where it goes). Melds emptied by the move are dropped, and a target
 * index counts in the meld as it was before the card left it.
 */
export function moveCard(d: Draft, from: Place, to: Target, startHand: string[] = []): Draft {
  const code = cardAt(d, from);
  if (code === undefined) return d;
  if (to.zone === "hand") {
    // Only cards that came from the hand this turn may go back (the table keeps the rest).
    if (from.zone === "hand") return d;
    if (!handMayTakeBack(d, startHand, bareJoker(code))) return d;
  }
  if (from.zone === "meld" && to.zone === "meld" && to.meld === from.meld && to.index === undefined) return d;
  const table = d.table.map((m) => [...m]);
  const hand = [...d.hand];
  if (from.zone === "hand") hand.splice(from.index, 1);
  else table[from.meld].splice(from.index, 1);
  const moved = from.zone === "meld" && (to.zone !== "meld" || to.meld !== from.meld) ? bareJoker(code) : code;
  if (to.zone === "hand") hand.push(moved);
  else if (to.zone === "new") table.push([moved]);
  else {
    const meld = table[to.meld];
    let at = to.index ?? meld.length;
    if (from.zone === "meld" && from.meld === to.meld && from.index < at) at -= 1;
    meld.splice(Math.max(0, Math.min(at, meld.length)), 0, moved);
  }
  return { table: table.filter((m) => m.length > 0), hand };
}

/**
 * Where a card dropped on a meld goes. A natural card added to a run goes where its rank
 * belongs (7 onto 8-9-10 goes first), whatever the drop position; in a run with jokers the
 * positions' ranks follow from its natural cards. Where the intent is a player's choice (a
 * joker, a group, a meld that is no run yet), the drop position decides (`drop`: an index
 * of `meld`; none: the end). `aceHigh`: an ace after a king reads as 14 (Q-K-A).
 */
export function insertionIndex(meld: string[], card: string, drop: number | undefined, aceHigh = false): number {
  const fallback = Math.max(0, Math.min(drop ?? meld.length, meld.length));
  const c = parseCard(card);
  if (c.joker || c.rank === null) return fallback;
  const naturals = meld.map((code, i) => ({ i, p: parseCard(code) })).filter((x) => !x.p.joker);
  if (naturals.length === 0) return fallback;
  const sameSuit = naturals.every((x) => x.p.suit === c.suit);
  const ranks = naturals.map((x) => x.p.rank as number);
  if (!sameSuit || ranks.includes(c.rank) || new Set(ranks).size !== ranks.length) return fallback;
  // Each position's rank, read from the first natural card; it must agree with every
  // natural card (a run as the table shows it), else the drop position decides.
  const first = naturals[0];
  const ace = (r: number, at: number) => (r === 1 && at > 0 && aceHigh ? 14 : r);
  const r0 = first.p.rank as number;
  const valueAt = (i: number) => r0 + (i - first.i);
  const consistent = naturals.every((x) => valueAt(x.i) === ace(x.p.rank as number, x.i));
  if (!consistent) {
    // No jokers in between to keep in place: a sorted run-to-be.
    if (naturals.length !== meld.length) return fallback;
    const sorted = [...ranks].sort((a, b) => a - b);
    if (ranks.some((r, i) => r !== sorted[i])) return fallback;
  }
  const high = Math.max(...meld.map((_, i) => valueAt(i)));
  const value = c.rank === 1 && aceHigh && high >= 12 ? 14 : c.rank;
  if (!consistent) return ranks.filter((r) => r < value).length;
  for (let i = 0; i < meld.length; i++) if (valueAt(i) > value) return i;
  return meld.length;
}

/**
 * Move a card as dropped: onto a meld at the place `insertionIndex` finds (`drop`: the
 * drop position in the meld as shown), otherwise as `moveCard`.
 */
export function placeCard(d: Draft, from: Place, to: Target, drop: number | undefined, startHand: string[] = [], aceHigh = false): Draft {
  if (to.zone !== "meld") return moveCard(d, from, to, startHand);
  const code = cardAt(d, from);
  const target = d.table[to.meld];
  if (code === undefined || !target) return d;
  const same = from.zone === "meld" && from.meld === to.meld;
  const others = same ? target.filter((_, i) => i !== from.index) : target;
  let dropInOthers = drop;
  if (same && drop !== undefined && from.index < drop) dropInOthers = drop - 1;
  if (same && drop === undefined) return d;
  const moved = same ? code : bareJoker(code) === "*" && from.zone === "meld" ? "*" : code;
  const at = insertionIndex(others, moved, dropInOthers, aceHigh);
  // moveCard counts the index in the meld before the card left it.
  const index = same && from.index <= at ? at + 1 : at;
  if (same && index === from.index) return d;
  return moveCard(d, from, { zone: "meld", meld: to.meld, index }, startHand);
}

/** Split meld `meld` before position `index` into two melds (runs: 3-4-5-6-7 → 3-4-5 | 6-7). */
export function splitMeld(d: Draft, meld: number, index: number): Draft {
  const m = d.table[meld];
  if (!m || index <= 0 || index >= m.length) return d;
  const table = d.table.map((x) => [...x]);
  table.splice(meld, 1, m.slice(0, index), m.slice(index));
  return { ...d, table };
}

/** Hand cards now on the table compared with the start hand (what a commit plays). */
export function played(start: string[], now: string[]): string[] {
  const left = [...now];
  const out: string[] = [];
  for (const c of start) {
    const i = left.indexOf(c);
    if (i >= 0) left.splice(i, 1);
    else out.push(c);
  }
  return out;
}

function handMayTakeBack(d: Draft, startHand: string[], code: string): boolean {
  return played(startHand, d.hand).includes(code);
}

export function sameTable(a: string[][], b: string[][]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Reorder the hand: the card at `from` goes to position `to`. */
export function reorder<T>(list: T[], from: number, to: number): T[] {
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, x);
  return out;
}

/**
 * The whole rack order to send with `setRackOrder` (exactly the hand's cards) after the
 * player reordered the cards shown (`shown`): during a draft the cards already put on the
 * table are still the server's hand, so they go last, in the server's order.
 */
export function rackOrder(shown: string[], serverHand: string[]): string[] {
  return [...shown, ...played(serverHand, shown)];
}

/** Follow a stream of events by seq: drop repeats (a resubscription after a reconnect). */
export class SeqTracker {
  last: number;
  constructor(last = 0) {
    this.last = last;
  }
  accept(seq: number): boolean {
    if (seq <= this.last) return false;
    this.last = seq;
    return true;
  }
}
