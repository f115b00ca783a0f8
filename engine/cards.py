"""Cards and their text codes (R-CARD, R-CODE).

A card is a small frozen value; identical cards are interchangeable, so hands, the
table and turns are multisets of cards (``collections.Counter``). Every card has a
dense ``index`` (0..52) so that solvers can work on plain integer vectors.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import BadInput, Code, InvalidMeld, MeldReason

SUITS = ("S", "H", "D", "C")
RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_CODE = "*"
# Longest code we accept at all: "*:10D"; anything longer is rejected before parsing.
_MAX_CODE_LEN = 5
# Rummikub presets show suits as colours (R-CODE); the codes stay the same.
COLOURS = {"S": "black", "H": "red", "D": "orange", "C": "blue"}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: ``rank`` 1..13 (A..K) and ``suit`` in SHDC, or the joker (rank 0, "*")."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        # A frozen value is trusted everywhere after construction, so an impossible card
        # (Card(14, "X")) must not exist at all (R-CARD).
        rank, suit = self.rank, self.suit
        ok = type(rank) is int and (
            (rank == 0 and suit == JOKER_CODE) or (1 <= rank <= 13 and suit in SUITS)
        )
        if not ok:
            raise BadInput(
                Code.UNKNOWN_CARD,
                f"no such card: rank {_shorten(self.rank)}, suit {_shorten(self.suit)}",
                rule="R-CARD",
            )

    @staticmethod
    def parse(code: str) -> Card:
        """The card of a text code (``"10H"``, ``"AS"``, ``"*"``); raises BadInput."""
        return parse_card(code)

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def index(self) -> int:
        """0..51 for natural cards (suit-major), 52 for the joker."""
        if self.rank == 0:
            return 52
        return SUITS.index(self.suit) * 13 + self.rank - 1

    @property
    def code(self) -> str:
        if self.rank == 0:
            return JOKER_CODE
        return RANK_CODES[self.rank - 1] + self.suit

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


JOKER = Card(0, JOKER_CODE)
ALL_NATURALS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
BY_INDEX: tuple[Card, ...] = (*ALL_NATURALS, JOKER)


# A fixed table rather than a cache: parsing hostile input must not grow memory.
_NATURAL_BY_CODE: dict[str, Card] = {c.code: c for c in ALL_NATURALS}
_NATURAL_BY_RANK_SUIT: dict[tuple[int, str], Card] = {(c.rank, c.suit): c for c in ALL_NATURALS}


def _parse_natural(code: str) -> Card | None:
    return _NATURAL_BY_CODE.get(code)


def natural(rank: int, suit: str) -> Card:
    """The natural card of ``rank`` (1..13, 14 for a high ace) and ``suit``, shared."""
    return _NATURAL_BY_RANK_SUIT[(1 if rank == 14 else rank, suit)]


def parse_card(code: object) -> Card:
    """Parse a plain card code (no joker annotation); raises BadInput(UNKNOWN_CARD)."""
    if isinstance(code, Card):
        return code
    if not isinstance(code, str) or len(code) > _MAX_CODE_LEN:
        raise BadInput(Code.UNKNOWN_CARD, f"not a card code: {_shorten(code)}", rule="R-CODE")
    text = code.strip().upper()
    if text == JOKER_CODE:
        return JOKER
    card = _parse_natural(text)
    if card is None:
        raise BadInput(Code.UNKNOWN_CARD, f"not a card code: {code!r}", rule="R-CODE")
    return card


def parse_meld_card(code: object) -> tuple[Card, Card | None]:
    """Parse a card as written in a meld: a code, or ``*:7D`` (a joker fixed as 7D).

    Returns the card and what an annotated joker stands for (None otherwise).
    Raises BadInput(UNKNOWN_CARD) for a code that is no card (``7D:8D`` included), and
    InvalidMeld(BAD_JOKER_ANNOTATION) for a joker whose annotation names no natural
    card (``*:11D``, ``*:*``). Decision: the latter is a rejection, not malformed
    input, because its code is INVALID_MELD and the API lists BAD_JOKER_ANNOTATION
    among the reasons of an INVALID_MELD rejection; class and code must agree.
    """
    if isinstance(code, Card):
        return code, None
    if isinstance(code, str) and ":" in code and len(code) <= _MAX_CODE_LEN + 2:
        head, _, tail = code.strip().partition(":")
        if head.strip() != JOKER_CODE:
            raise BadInput(
                Code.UNKNOWN_CARD, f"only a joker can be annotated: {code!r}", rule="R-CODE"
            )
        target = _parse_natural(tail.strip().upper())
        if target is None:
            raise InvalidMeld(
                MeldReason.BAD_JOKER_ANNOTATION,
                f"a joker annotation must name a natural card, as in *:7D: {code!r}",
                rule="R-JOKER",
            )
        return JOKER, target
    return parse_card(code), None


def deck(decks: int, jokers: int) -> list[Card]:
    """Every card of a game, unshuffled: ``decks`` copies of the 52 and ``jokers`` jokers."""
    return [c for c in ALL_NATURALS for _ in range(decks)] + [JOKER] * jokers


def sort_key(card: Card) -> tuple[int, int]:
    """Display order in a hand: by suit, then rank; jokers last."""
    if card.rank == 0:
        return (4, 0)
    return (SUITS.index(card.suit), card.rank)


def _shorten(value: object) -> str:
    """A short description of hostile input: never the repr of a whole (perhaps huge or
    deeply nested) container, which could be slow or overflow the stack."""
    if isinstance(value, str):
        return repr(value) if len(value) <= 20 else repr(value[:17]) + "..."
    if value is None or isinstance(value, (bool, int, float)):
        text = repr(value)
        return text if len(text) <= 20 else text[:17] + "..."
    return f"a {type(value).__name__}"
