// The table as a game: where a dropped card goes, cards and times named as a player reads
// them, and what the typed events say (the log, the marks since my turn, my expired turn).
import { beforeEach, describe, expect, it } from "vitest";
import { insertionIndex, placeCard } from "./draft";
import { cardAria, cardsText, cardText, namedInText } from "./names";
import { formatDuration, lowTime } from "./time";
import { abortOf, abortReason, describe as describeEvent, entryText, expiryOf, expiryText, groupMoves, markCards, placedSinceMyTurn, seatLabel, tableAt, type Ev } from "./moves";
import { setLang } from "./i18n";

beforeEach(() => setLang("en"));

describe("placing a card", () => {
  it("puts a card added to a run where its rank belongs, wherever it was dropped", () => {
    expect(insertionIndex(["8H", "9H", "10H"], "7H", 3)).toBe(0);
    expect(insertionIndex(["8H", "9H", "10H"], "JH", 0)).toBe(3);
    // A run being built in a new meld sorts itself: 9, then 7, then 8.
    expect(insertionIndex(["9H"], "7H", 1)).toBe(0);
    expect(insertionIndex(["7H", "9H"], "8H", 2)).toBe(1);
    // The ranks of a run with a joker follow from its natural cards.
    expect(insertionIndex(["7H", "*:8H", "9H"], "10H", 0)).toBe(3);
    expect(insertionIndex(["7H", "*", "9H"], "6H", 3)).toBe(0);
  });

  it("lets the drop position decide where the intent is the player's", () => {
    // A joker: before the 8 or after the 10 is the player's choice.
    expect(insertionIndex(["8H", "9H", "10H"], "*", 0)).toBe(0);
    expect(insertionIndex(["8H", "9H", "10H"], "*", 3)).toBe(3);
    // A group, a mixed meld: where it was dropped (the end without a position).
    expect(insertionIndex(["7H", "7S"], "7D", 1)).toBe(1);
    expect(insertionIndex(["7H", "7S"], "7D", undefined)).toBe(2);
    expect(insertionIndex(["7H", "9S"], "8H", 0)).toBe(0);
  });

  it("reads an ace after a king as high only with ace_high", () => {
    expect(insertionIndex(["QS", "KS"], "AS", 0, true)).toBe(2);
    expect(insertionIndex(["QS", "KS"], "AS", 2, false)).toBe(0);
    expect(insertionIndex(["2S", "3S"], "AS", 2, true)).toBe(0);
  });

  it("moves a hand card into a run at its place, and a table card within its meld", () => {
    const d = { table: [["8H", "9H", "10H"]], hand: ["7H", "*"] };
    let next = placeCard(d, { zone: "hand", index: 0 }, { zone: "meld", meld: 0 }, 3);
    expect(next.table[0]).toEqual(["7H", "8H", "9H", "10H"]);
    next = placeCard(next, { zone: "hand", index: 0 }, { zone: "meld", meld: 0 }, 0);
    expect(next.table[0]).toEqual(["*", "7H", "8H", "9H", "10H"]);
    // The joker dragged to the other end of its own meld.
    next = placeCard(next, { zone: "meld", meld: 0, index: 0 }, { zone: "meld", meld: 0 }, 5);
    expect(next.table[0]).toEqual(["7H", "8H", "9H", "10H", "*"]);
    expect(next.hand).toEqual([]);
  });
});

describe("names", () => {
  it("names cards with suit symbols and the language's face letters", () => {
    expect(cardText("7S", false)).toBe("7♠");
    expect(cardsText(["QH", "KH", "AH"], false)).toBe("Q♥ K♥ A♥");
    setLang("nl");
    expect(cardsText(["JC", "QH", "KD"], false)).toBe("B♣ V♥ H♦");
  });

  it("names tiles by colour and number, and spells cards out for screen readers", () => {
    expect(cardText("JC", true)).toBe("blue 11");
    expect(cardText("*:JS", true)).toBe("joker (black 11)");
    expect(cardAria("7S", false)).toBe("7 of spades");
    expect(cardAria("QH", false)).toBe("queen of hearts");
    expect(cardAria("*:7D", false)).toBe("joker as 7 of diamonds");
    expect(cardAria("KH", true)).toBe("red 13");
    setLang("es");
    expect(cardAria("AS", false)).toBe("as de picas");
    expect(cardAria("1D".replace("1", "A"), true)).toBe("1 naranja");
    setLang("nl");
    expect(cardAria("JC", true)).toBe("blauwe 11");
    expect(cardAria("10H", false)).toBe("harten 10");
  });

  it("rewrites the card codes of a server text", () => {
    expect(namedInText("needs 7H between 6H and 8H", false)).toBe("needs 7♥ between 6♥ and 8♥");
    expect(namedInText("AC AS cannot meet JC", true)).toBe("blue 1 black 1 cannot meet blue 11");
    expect(namedInText("A run needs one suit (*:7D).", false)).toBe("A run needs one suit (joker (7♦)).");
    expect(namedInText("HAS NO CODE", false)).toBe("HAS NO CODE");
  });
});

describe("time", () => {
  it("formats a duration as a person reads it", () => {
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(80)).toBe("1 min 20 s");
    expect(formatDuration(120)).toBe("2 min");
    expect(formatDuration(86_399)).toBe("23 h 59 min");
    expect(formatDuration(86_400)).toBe("24 h");
    expect(formatDuration(3 * 86_400 + 7200)).toBe("3 d 2 h");
  });

  it("warns in the last seconds of a live turn and the last hour of a correspondence one", () => {
    expect(lowTime(10, 60)).toBe(true);
    expect(lowTime(11, 60)).toBe(false);
    expect(lowTime(5, 15)).toBe(true);
    expect(lowTime(6, 15)).toBe(false);
    expect(lowTime(3600, null)).toBe(true);
    expect(lowTime(3601, null)).toBe(false);
  });
});

// Typed events as the subscription sends them (only the fields the functions read).
const ev = (e: Record<string, unknown>) => ({ after: null, myHand: null, ...e }) as unknown as Ev;
const seats = [{ index: 0, username: "ana" }, { index: 1, bot: "EASY" }, { index: 2, bot: "HARD" }];
const turn = (seq: number, seat: number, round = 1) => ev({ __typename: "TurnStarted", seq, seat, round, turn: seq });
const commit = (seq: number, seat: number, played: string[], extra = {}) =>
  ev({ __typename: "TurnCommitted", seq, seat, played: played.map((code) => ({ code })), jokersToHand: 0, jokerSwaps: [], opening: null, table: [], ...extra });
const drawn = (seq: number, seat: number, count = 1, penalty = 0) => ev({ __typename: "CardDrawn", seq, seat, source: "STOCK", count, penalty, cards: null });

describe("the move log", () => {
  it("says who did what, naming bots by seat and level", () => {
    expect(seatLabel(seats, 1)).toBe("Bot 2 (easy)");
    expect(seatLabel(seats, 2)).toBe("Bot 3 (hard)");
    const laid = describeEvent(commit(5, 0, ["7S", "8S", "9S"], { jokersToHand: 1, jokerSwaps: [{}] }), seats)!;
    expect(entryText(laid, false)).toBe("ana laid 7♠ 8♠ 9♠ and took the joker");
    expect(entryText(describeEvent(drawn(6, 1), seats)!, false)).toBe("Bot 2 (easy) drew");
    expect(entryText(describeEvent(drawn(7, 2, 3, 3), seats, true)!, true)).toBe("Bot 3 (hard) drew 3 tiles as a penalty");
    expect(describeEvent(ev({ __typename: "DraftUpdated", seq: 8, seat: 0, draft: [] }), seats)).toBeNull();
    setLang("es");
    expect(entryText(describeEvent(drawn(6, 1), seats)!, false)).toBe("Bot 2 (fácil) robó");
  });

  it("groups a replay by round and turn, the deal with the first turn", () => {
    const events = [
      ev({ __typename: "MatchStarted", seq: 1 }),
      ev({ __typename: "RoundStarted", seq: 2, round: 1 }),
      turn(3, 0), commit(4, 0, ["7S", "8S", "9S"], { table: [{ cards: [{ code: "7S" }, { code: "8S" }, { code: "9S" }] }] }),
      turn(5, 1), drawn(6, 1),
      ev({ __typename: "RoundStarted", seq: 7, round: 2, after: { table: [] } }),
      turn(8, 1, 2),
    ];
    const moves = groupMoves(events, seats);
    expect(moves.map((m) => [m.round, m.turn, m.seat])).toEqual([[1, 1, 0], [1, 2, 1], [2, 1, 1]]);
    expect(moves[0].entries.map((e) => e.key)).toEqual(["log_started", "log_round", "log_laid"]);
    expect(tableAt(events, moves[1].last).map((m) => m.map((c) => c.code))).toEqual([["7S", "8S", "9S"]]);
    expect(tableAt(events, moves[2].last)).toEqual([]);
  });
});

describe("why a match was aborted", () => {
  const aborted = (reasonCode: string, abortReason: string) => ev({ __typename: "MatchAborted", seq: 9, reasonCode, abortReason });

  it("says it from the code, whatever the server's English text", () => {
    const left = aborted("CREATOR_LEFT", "some older wording");
    expect(entryText(describeEvent(left, seats)!, false)).toBe("Match aborted: the creator left before the start.");
    expect(abortOf([turn(1, 0), left])).toBe("the creator left before the start");
    expect(abortOf([aborted("MODERATOR", "spam at the table")])).toBe("a moderator stopped it");
    setLang("nl");
    expect(abortOf([left])).toBe("de maker vertrok voor de start");
    expect(abortReason("TOURNAMENT_DEADLINE", "")).toMatch(/toernooironde/);
  });

  it("gives the server's text for OTHER in English only, and none for no abort", () => {
    expect(abortReason("OTHER", "the table broke")).toBe("the table broke");
    expect(abortReason("OTHER", "")).toBe("another reason");
    setLang("es");
    expect(abortReason("OTHER", "the table broke")).toBe("otro motivo");
    expect(abortOf([turn(1, 0)])).toBeNull();
  });
});

describe("the cards placed since my last turn", () => {
  it("marks the others' plays since my turn, and keeps them while I am on turn", () => {
    const events = [turn(1, 0), commit(2, 0, ["AS", "2S", "3S"]), turn(3, 1), commit(4, 1, ["5H", "6H", "7H"]), turn(5, 2), commit(6, 2, ["*", "9D"])];
    expect(placedSinceMyTurn(events, 0)).toEqual(["5H", "6H", "7H", "*", "9D"]);
    // My turn has started: the marks are still those of the others' turns.
    expect(placedSinceMyTurn([...events, turn(7, 0)], 0)).toEqual(["5H", "6H", "7H", "*", "9D"]);
    // My turn ended: the next ones start afresh.
    expect(placedSinceMyTurn([...events, turn(7, 0), drawn(8, 0), turn(9, 1), commit(10, 1, ["KC"])], 0)).toEqual(["KC"]);
    // A spectator sees the last turn's cards.
    expect(placedSinceMyTurn(events, null)).toEqual(["*", "9D"]);
  });

  it("marks each placed card once, jokers by their bare code", () => {
    const table = [["5H", "6H", "7H"], ["*:8D", "9D", "10D"], ["5H", "5S", "5C"]];
    expect(markCards(table, ["5H", "*", "9D"])).toEqual([[true, false, false], [true, true, false], [false, false, false]]);
  });
});

describe("my expired turn", () => {
  it("says what the deadline did, until I move again", () => {
    const expired = ev({ __typename: "TurnExpired", seq: 10, seat: 0, turn: 4, undone: { draft: true, steps: 0, riverTake: false }, penalty: 3 });
    const events = [turn(9, 0), expired, drawn(11, 0, 3, 3), turn(12, 1)];
    const x = expiryOf(events, 0)!;
    expect(x).toMatchObject({ undone: true, committed: false, drew: 3 });
    expect(expiryText(x, true)).toBe("Your time ran out. Your turn was undone. You drew 3 tiles.");
    const committed = [turn(9, 0), ev({ __typename: "TurnExpired", seq: 10, seat: 0, undone: { draft: false }, penalty: 0 }), commit(11, 0, ["7S"]), turn(12, 1)];
    expect(expiryText(expiryOf(committed, 0)!, false)).toBe("Your time ran out. Your table was valid, so it was committed.");
    expect(expiryOf([...events, turn(13, 0), drawn(14, 0)], 0)).toBeNull();
    expect(expiryOf(events, 1)).toBeNull();
  });
});
