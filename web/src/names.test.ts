// Cards named in texts as the player sees them.
import { describe, expect, it } from "vitest";
import { cardText, meldText } from "./names";

describe("meldText", () => {
  it("names every missing card of a wider gap (R-EXPLAIN), not only the first", () => {
    const text = meldText("GAP", "needs 3H and 4H between 2H and 5H", [{ code: "3H" }, { code: "4H" }], false);

    expect(text).toContain(cardText("3H", false));
    expect(text).toContain(cardText("4H", false));
  });

  it("names a single missing card and none when there is none", () => {
    const one = meldText("GAP", "needs 7H between 6H and 8H", [{ code: "7H" }], false);
    const none = meldText("MIXED_SUITS", "mixed suits", null, false);

    expect(one).toContain(cardText("7H", false));
    expect(none).not.toContain("—");
  });
});
