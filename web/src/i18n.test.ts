// Every language has every text, and the components show no text outside the table.
import { describe, expect, it } from "vitest";
import { DICTS, LANGS, pickLang, translate, type Key } from "./i18n";
import { formatChange, mergeRatings } from "./ratings";

import sdl from "../../schema.graphql?raw";
import errorsPy from "../../engine/errors.py?raw";

// The components' sources, as text.
const SOURCES = import.meta.glob<string>("./*.tsx", { query: "?raw", import: "default", eager: true });
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const enumValues = (sdl: string, name: string) => {
  const body = sdl.match(new RegExp(`enum ${name} \\{([^}]*)\\}`))![1];
  return body.split("\n").map((l) => l.trim()).filter((l) => /^[A-Z_]+$/.test(l));
};

describe("translations", () => {
  const en = Object.keys(DICTS.en).sort();

  it("has every key in every language, none empty, with the same placeholders", () => {
    for (const lang of LANGS) {
      const keys = Object.keys(DICTS[lang]).sort();
      expect(keys, `keys of ${lang}`).toEqual(en);
      for (const k of en as Key[]) {
        expect(DICTS[lang][k].trim(), `${lang}.${k}`).not.toBe("");
        expect(placeholders(DICTS[lang][k]), `placeholders of ${lang}.${k}`).toEqual(placeholders(DICTS.en[k]));
      }
    }
  });

  it("translates Spanish and Dutch for real (not English copies, except names)", () => {
    const same = (lang: "es" | "nl") => (en as Key[]).filter((k) => DICTS[lang][k] === DICTS.en[k]);
    // Words that are the same in the language (bot, joker, lobby...) are few.
    expect(same("es").length).toBeLessThan(en.length * 0.03);
    expect(same("nl").length).toBeLessThan(en.length * 0.06);
  });

  it("has a text for every value of the server enums the client names", () => {
    const wanted: [string, string][] = [
      ["level", "BotLevel"], ["status", "MatchStatus"], ["tempo", "Tempo"],
      ["takeoverReason", "TakeoverReason"], ["rej", "RejectionCode"], ["ev", "MatchEventKind"],
      ["log_seat", "SeatChange"], ["notifKind", "NotificationKind"], ["abort", "AbortReason"],
    ];
    for (const [prefix, name] of wanted) {
      for (const v of enumValues(sdl, name)) expect(en, `${prefix}_${v}`).toContain(`${prefix}_${v}`);
    }
    // The meld reasons of R-EXPLAIN (engine/errors.py MeldReason).
    const reasons = [...errorsPy.split("class MeldReason")[1].split("class ")[0].matchAll(/^\s+([A-Z_]+) = "/gm)].map((m) => m[1]);
    expect(reasons.length).toBeGreaterThan(5);
    for (const r of reasons) expect(en, `meld_${r}`).toContain(`meld_${r}`);
  });

  it("leaves no text in the components outside the table", () => {
    // JSX text between tags and text attributes must come from t(); what may stay
    // literal: symbols, numbers, card codes, the brand and the language names.
    const allowed = /^(?:[\s·←→★✂⏱🂠+…—:,()\-/±%0-9]*|♠♥ Rummy|Rummy|Bot|777|789|English|Español|Nederlands)$/;
    const found: string[] = [];
    expect(Object.keys(SOURCES).length).toBeGreaterThan(5);
    for (const [file, code] of Object.entries(SOURCES)) {
      // (Not `=> Promise<` nor `a.length > 0 && <b`: code, not text.)
      for (const m of code.matchAll(/(?<![=-])>([^<>{}]+)</g)) {
        const text = m[1].trim();
        if (text && /[A-Za-z]/.test(text) && !allowed.test(text) && !/&&|\|\||\?\.|[=;]/.test(text)) found.push(`${file}: "${text}"`);
      }
      for (const m of code.matchAll(/\b(?:aria-label|title|placeholder|alt)="([^"]*)"/g)) {
        if (/[A-Za-z]/.test(m[1])) found.push(`${file}: attribute "${m[1]}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it("fills placeholders", () => {
    expect(translate("es", "cards", { n: 7 })).toBe("7 cartas");
    expect(translate("nl", "waitingFor", { name: "ana" })).toBe("Wachten op ana…");
  });
});

describe("language choice", () => {
  it("keeps a saved choice, else takes the browser's first language we have", () => {
    expect(pickLang("nl", ["es-ES"])).toBe("nl");
    expect(pickLang(null, ["es-ES", "en"])).toBe("es");
    expect(pickLang(null, ["fr-FR", "nl-BE"])).toBe("nl");
    expect(pickLang(null, ["fr-FR"])).toBe("en");
    expect(pickLang("xx", [])).toBe("en");
  });
});

describe("rating changes", () => {
  it("notes ratings while the match runs and takes the new one once rated", () => {
    let r = mergeRatings({}, { ana: { ordinal: 3.25, games: 4 }, bo: undefined }, false);
    expect(r.ana).toMatchObject({ before: 3.25, after: null, games: 4 });
    expect(r.bo).toMatchObject({ before: null, after: null, games: 0 });
    // Over, but not rated yet: the same ratings are not an "after".
    r = mergeRatings(r, { ana: { ordinal: 3.25, games: 4 }, bo: undefined }, true);
    expect(r.ana.after).toBeNull();
    r = mergeRatings(r, { ana: { ordinal: 1.5, games: 5 }, bo: { ordinal: 2, games: 1 } }, true);
    expect(formatChange(r.ana, "new", "…")).toBe("3.3 → 1.5 (−1.8)");
    expect(formatChange(r.bo, "new", "…")).toBe("new → 2.0");
  });

  it("prefers the server's exact change, and says so when the before is unknown", () => {
    const exact = { before: 0, after: 1.25, exact: true };
    expect(mergeRatings({ me: exact }, { me: { ordinal: 9, games: 9 } }, true).me).toEqual(exact);
    expect(formatChange(exact, "new", "…")).toBe("0.0 → 1.3 (+1.3)");
    const late = mergeRatings({}, { ana: { ordinal: 4, games: 2 } }, true).ana;
    expect(formatChange(late, "new", "…")).toBe("4.0");
    expect(formatChange({ before: 2, after: null, exact: false }, "new", "…")).toBe("2.0 → …");
  });
});
