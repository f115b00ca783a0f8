// A typed use of every walkthrough operation (docs/first_game.graphql), as a TypeScript
// client would write docs/first_game.py: it reads each result through the types that
// graphql-codegen generated from schema.graphql. `tsc --noEmit` fails when a field the
// client reads is gone or has another type (tests/typed_client/test_typed_client.py).
import type {
  CommitMutation,
  CommitMutationVariables,
  CreateMutation,
  CreateMutationVariables,
  DrawMutation,
  EventsSubscription,
  EventsSubscriptionVariables,
  HintQuery,
  MatchQuery,
  PassMutation,
  RegisterMutation,
  StartMutation,
} from "./generated/operations";

type Code = string;
type Table = Code[][];

interface Game {
  id: string;
  seat: number | null;
  lastSeq: number;
  turn: { number: number; seat: number | null; phase: string } | null;
  hand: Code[];
  table: Table;
  outcome: { winners: number[]; ranking: number[]; totals: number[] } | null;
  ratingMoves: { seat: number; rank: number; delta: number }[];
  redeemed: { meldIndex: number; stoodFor: Code | null; by: Code }[];
}

export function codes(melds: { cards: { code: string; represents: string | null }[] }[]): Table {
  return melds.map((m) =>
    m.cards.map((c) => (c.code === "*" && c.represents ? `*:${c.represents}` : c.code)),
  );
}

export function token(result: RegisterMutation): string {
  const r = result.register;
  if (r.__typename === "Rejection") throw new Error(`${r.code}: ${r.message}`);
  const name: string = r.user.username;
  return name ? r.token : "";
}

export const createInput: CreateMutationVariables = {
  input: { ruleset: "robbers", seats: 2, bots: ["EASY"], options: { rounds: 1 } },
};

export function created(result: CreateMutation): string {
  const r = result.createMatch;
  if (r.__typename === "Rejection") throw new Error(r.message);
  const seat: number | null = r.mySeat;
  return seat === null ? r.id : r.id;
}

export function started(result: StartMutation): boolean {
  return result.startMatch.__typename === "Match";
}

export function game(result: MatchQuery): Game {
  const m = result.match;
  if (m === null) throw new Error("no such match");
  const canAct: boolean = m.legalActions.onTurn && (m.legalActions.canCommit || m.legalActions.canPass);
  const stock: number = m.stockCount;
  return {
    id: m.id,
    seat: m.mySeat,
    lastSeq: m.lastSeq,
    turn: m.turn && { number: m.turn.number, seat: m.turn.seat, phase: m.turn.phase },
    hand: (m.myHand ?? []).map((c) => c.code),
    table: canAct || stock >= 0 ? codes(m.table) : [],
    outcome: null,
    ratingMoves: [],
    redeemed: [],
  };
}

export function apply(g: Game, data: EventsSubscription): void {
  const event = data.matchEvents;
  if (event.seq !== g.lastSeq + 1) throw new Error("events come in order, without gaps");
  g.lastSeq = event.seq;
  const after = event.after;
  if (after) {
    g.turn = { number: after.turn, seat: after.onTurn, phase: after.phase };
    if (after.table !== null) g.table = codes(after.table);
  }
  if (event.myHand !== null) g.hand = event.myHand.map((c) => c.code);
  switch (event.__typename) {
    case "TurnStarted": {
      const deadline: string | null = event.deadline;
      const seat: number = event.seat;
      if (deadline !== null && seat < 0) throw new Error("a seat is never negative");
      break;
    }
    case "CardDrawn": {
      const count: number = event.stockCount;
      const mine: Code[] | undefined = event.cards?.map((c) => c.code);
      if (mine && count < 0) throw new Error("a stock is never negative");
      break;
    }
    case "TurnCommitted":
      for (const swap of event.jokerSwaps) {
        g.redeemed.push({ meldIndex: swap.meldIndex, stoodFor: swap.joker.represents, by: swap.card.code });
      }
      break;
    case "MatchEnded":
      g.outcome = event.outcome;
      g.ratingMoves = event.ratingChanges.map((c) => ({
        seat: c.seat,
        rank: c.rank,
        delta: c.after.ordinal - c.before.ordinal,
      }));
      break;
    default:
      break;
  }
}

export const follow: EventsSubscriptionVariables = { id: "m", after: 0 };

export function hinted(result: HintQuery): Table | null {
  const h = result.hintPlay;
  if (h.__typename === "Rejection") return null;
  const count: number = h.cards;
  return count > 0 ? codes(h.table) : null;
}

export function commitVariables(g: Game, table: Table, key: string): CommitMutationVariables {
  if (g.turn === null) throw new Error("not on turn");
  return { id: g.id, turn: g.turn.number, table, key };
}

export function rejection(result: CommitMutation): string | null {
  const r = result.commitTurn;
  if (r.__typename === "Match") {
    const seq: number = r.lastSeq;
    return seq >= 0 ? null : null;
  }
  const meld: number | null = r.meldIndex;
  return `${r.code}/${r.reason ?? ""} ${meld ?? ""}: ${r.message}`;
}

export function drewOrPassed(drawn: DrawMutation, passed: PassMutation | null): string {
  if (drawn.draw.__typename === "Match") return "drew";
  const code: string = drawn.draw.code;
  return passed?.passTurn.__typename === "Match" ? `passed (${code})` : code;
}
