// The turn being built: a table of melds (card codes) and the hand. Every move is a pure
// function returning a new Draft, so undo is a stack and tests need no browser.
import { bareJoker } from "./cards";

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
