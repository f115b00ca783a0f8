// Cards and tiles named as the player sees them, in the viewer's language: card games
// with suit symbols and the language's face letters ("7♠", Dutch "B♥"), Rummikub tiles by
// colour and number ("red 11"); the screen-reader names spell them out ("7 of spades").
// Server texts name cards by code ("needs 7H"): `namedInText` rewrites those codes.
import { parseCard, rankLabel, SUIT_SYMBOL, type Suit } from "./cards";
import { faceLetter, serverText, t, tEnum, type Key } from "./i18n";

const RANK_WORD: Record<number, Key> = { 1: "rank_A", 11: "rank_J", 12: "rank_Q", 13: "rank_K" };

function rankWord(rank: number): string {
  return RANK_WORD[rank] ? t(RANK_WORD[rank]) : String(rank);
}

/** A natural card or tile, short: "7♠", "B♥" (nl), "red 11" (tiles). */
function naturalText(rank: number, suit: Suit, tiles: boolean): string {
  if (tiles) return t("tileOf", { colour: t(`colour_${suit}` as Key), rank: String(rank) });
  return `${faceLetter(rankLabel(rank, false))}${SUIT_SYMBOL[suit]}`;
}

/** A card as text: "7♠", "red 11", "joker", "joker (7♠)" for a joker standing for a card. */
export function cardText(code: string, tiles: boolean): string {
  const p = parseCard(code);
  if (p.joker) return p.represents ? t("jokerFor", { card: cardText(p.represents, tiles) }) : t("joker");
  if (p.rank === null || !p.suit) return code;
  return naturalText(p.rank, p.suit, tiles);
}

/** Several cards as text, separated by spaces (cards) or commas (tiles). */
export function cardsText(codes: string[], tiles: boolean): string {
  return codes.map((c) => cardText(c, tiles)).join(tiles ? ", " : " ");
}

/** A card's accessible name: "7 of spades", "queen of hearts", "red 11", "joker as 7 of spades". */
export function cardAria(code: string, tiles: boolean): string {
  const p = parseCard(code);
  if (p.joker) return p.represents ? t("jokerAs", { card: cardAria(p.represents, tiles) }) : t("joker");
  if (p.rank === null || !p.suit) return code;
  if (tiles) return naturalText(p.rank, p.suit, true);
  return t("cardOf", { rank: rankWord(p.rank), suit: t(`suit_${p.suit}` as Key) });
}

// A card code standing alone in a text: "7H", "10S", "QD", or a joker "*:7H".
const CODE = /(?<![\w*:])(\*:)?(10|[2-9AJQK])([SHDC])(?![\w])/g;

/** A server text with its card codes written as the player sees the cards. */
export function namedInText(text: string, tiles: boolean): string {
  return text.replace(CODE, (_m, joker: string | undefined, rank: string, suit: string) => {
    const code = `${rank}${suit}`;
    return joker ? cardText(`*:${code}`, tiles) : cardText(code, tiles);
  });
}

/**
 * Why a meld is invalid, in the viewer's language: the text of its reason code (the
 * server's English names cards and suits by code), with every missing card named as shown
 * (R-EXPLAIN: a wider gap misses several); a reason the client has no text for shows the
 * server's text, its card codes named.
 */
export function meldText(reason: string | null | undefined, message: string | null | undefined, missing: readonly { code: string }[] | null | undefined, tiles: boolean): string {
  const known = tEnum("meld", reason);
  const text = known ?? namedInText(serverText("meld", reason, message), tiles);
  return missing?.length && known ? `${text} — ${t("missingCard", { card: cardsText(missing.map((c) => c.code), tiles) })}` : text;
}
