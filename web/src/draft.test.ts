import { describe, expect, it } from "vitest";
import { moveCard, splitMeld, played, rackOrder, reorder, SeqTracker } from "./draft";
import { annotateJokers, parseCard, sortByRank, sortBySuit } from "./cards";

const start = { table: [["4S", "5S", "6S", "7S"]], hand: ["3S", "4H", "4D", "9C"] };

describe("draft moves", () => {
  it("moves a hand card onto a meld and into a new meld", () => {
    let d = moveCard(start, { zone: "hand", index: 0 }, { zone: "meld", meld: 0, index: 0 });
    expect(d.table[0]).toEqual(["3S", "4S", "5S", "6S", "7S"]);
    expect(d.hand).toEqual(["4H", "4D", "9C"]);
    d = moveCard(d, { zone: "hand", index: 0 }, { zone: "new" });
    expect(d.table).toEqual([["3S", "4S", "5S", "6S", "7S"], ["4H"]]);
  });

  it("moves table cards between melds, dropping an emptied meld", () => {
    let d = moveCard(start, { zone: "hand", index: 1 }, { zone: "new" });
    d = moveCard(d, { zone: "meld", meld: 0, index: 0 }, { zone: "meld", meld: 1 });
    expect(d.table).toEqual([["5S", "6S", "7S"], ["4H", "4S"]]);
    const e = moveCard({ table: [["AS"], ["2S"]], hand: [] }, { zone: "meld", meld: 0, index: 0 }, { zone: "meld", meld: 1, index: 0 });
    expect(e.table).toEqual([["AS", "2S"]]);
  });

  it("strips a joker's annotation when it changes meld", () => {
    const d = moveCard({ table: [["*:7H", "8H", "9H"], ["5C"]], hand: [] }, { zone: "meld", meld: 0, index: 0 }, { zone: "meld", meld: 1 });
    expect(d.table).toEqual([["8H", "9H"], ["5C", "*"]]);
  });

  it("returns only this turn's hand cards to the hand", () => {
    const d = moveCard(start, { zone: "hand", index: 1 }, { zone: "new" });
    const back = moveCard(d, { zone: "meld", meld: 1, index: 0 }, { zone: "hand" }, start.hand);
    expect(back.hand.sort()).toEqual([...start.hand].sort());
    const refused = moveCard(d, { zone: "meld", meld: 0, index: 0 }, { zone: "hand" }, start.hand);
    expect(refused).toBe(d);
  });

  it("splits a run", () => {
    const d = splitMeld({ table: [["3H", "4H", "5H", "6H", "7H", "8H"]], hand: [] }, 0, 3);
    expect(d.table).toEqual([["3H", "4H", "5H"], ["6H", "7H", "8H"]]);
    expect(splitMeld(d, 0, 0)).toBe(d);
  });

  it("lists what a commit plays", () => {
    expect(played(["3S", "4H", "4H", "9C"], ["4H", "9C"])).toEqual(["3S", "4H"]);
  });

  it("reorders", () => {
    expect(reorder(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
  });
});

describe("cards", () => {
  it("parses codes and jokers", () => {
    expect(parseCard("10S")).toMatchObject({ rank: 10, suit: "S", joker: false });
    expect(parseCard("*:QH")).toMatchObject({ joker: true, rank: 12, suit: "H", represents: "QH" });
    expect(parseCard("*")).toMatchObject({ joker: true, rank: null });
  });
  it("sorts 777 and 789", () => {
    const hand = ["*", "7H", "8S", "7S", "9S", "AD"];
    expect(sortByRank(hand)).toEqual(["AD", "7S", "7H", "8S", "9S", "*"]);
    expect(sortBySuit(hand)).toEqual(["7S", "8S", "9S", "7H", "AD", "*"]);
  });
});

describe("event seq", () => {
  it("drops repeats after a resubscription", () => {
    const t = new SeqTracker(3);
    expect([3, 4, 4, 5, 2, 6].filter((s) => t.accept(s))).toEqual([4, 5, 6]);
  });
});

describe("rack order (setRackOrder)", () => {
  it("sends exactly the hand's cards: the shown order, then the cards put on the table this turn", () => {
    const server = ["3S", "4H", "*", "4D", "9C"];
    expect(rackOrder(["9C", "4D", "3S"], server)).toEqual(["9C", "4D", "3S", "4H", "*"]);
    expect(rackOrder(["*", "9C", "4D", "4H", "3S"], server)).toEqual(["*", "9C", "4D", "4H", "3S"]);
    expect([...rackOrder(["4D"], server)].sort()).toEqual([...server].sort());
  });
});

describe("jokers in my draft (annotateJokers)", () => {
  const card = (code: string, represents: string | null = null) => ({ code, represents });
  it("names each joker from the server's reading of the meld", () => {
    expect(annotateJokers(["6H", "*", "8H"], [card("6H"), card("*", "7H"), card("8H")])).toEqual(["6H", "*:7H", "8H"]);
    // An already annotated joker keeps its annotation.
    expect(annotateJokers(["6H", "*:7H", "8H"], [card("6H"), card("*", "7H"), card("8H")])).toEqual(["6H", "*:7H", "8H"]);
  });
  it("names a lone joker when the server ordered the meld differently, and guesses nothing else", () => {
    expect(annotateJokers(["8H", "6H", "*"], [card("6H"), card("*", "7H"), card("8H")])).toEqual(["8H", "6H", "*:7H"]);
    expect(annotateJokers(["*", "*", "6H"], [card("*", "4H"), card("*", "5H"), card("6H")].reverse())).toEqual(["*", "*", "6H"]);
    expect(annotateJokers(["6H", "*", "8H"], null)).toEqual(["6H", "*", "8H"]);
    // A check of the meld before its last change names nothing.
    expect(annotateJokers(["9H", "6H", "*"], [card("6H"), card("*", "7H"), card("8H")])).toEqual(["9H", "6H", "*"]);
  });
});
