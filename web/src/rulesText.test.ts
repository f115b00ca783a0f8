// The rules pages: Rummikub's "Playing here" speaks of tiles, the card games' of cards.
import { describe, expect, it } from "vitest";
import { LANGS } from "./i18n";
import { rulesDoc } from "./rulesText";

const here = (name: "robbers" | "rummikub" | "rummy", lang: (typeof LANGS)[number]) =>
  rulesDoc(name, lang).sections.slice(-1)[0].p.join(" ");

describe("rules pages", () => {
  it.each([
    ["en", /\bcards?\b/i, /\btiles?\b/i],
    ["es", /\bcartas?\b/i, /\bfichas?\b/i],
    ["nl", /\bkaart(en)?\b/i, /\b(steen|stenen)\b/i],
  ] as const)("in %s, Rummikub's table help names tiles, never cards", (lang, card, tile) => {
    expect(here("rummikub", lang)).not.toMatch(card);
    expect(here("rummikub", lang)).toMatch(tile);
    expect(here("robbers", lang)).toMatch(card);
    expect(here("robbers", lang)).not.toMatch(tile);
  });
});
