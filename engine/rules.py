"""Rule sets: every option of RULES.md as a field of one frozen value (STYLE 7).

The three families ship as presets (``robbers`` the default, its alias ``vatikan``,
``rummikub``, ``rummy``); any preset can be varied per match with
:func:`ruleset`, which validates every option and names the allowed range.
Code asks the rule set questions (``rules.card_value(card)``) instead of testing
the preset's name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.cards import Card
from engine.errors import BadInput, Code

Family = Literal["robbers", "rummikub", "rummy"]
MatchFormat = Literal["rounds", "outs", "target"]
StalemateBy = Literal["points", "tiles"]
ScoringStyle = Literal["penalty", "plus_minus", "winner_takes"]


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every rule option. Field names are the option names of RULES.md."""

    name: str = "robbers"
    family: Family = "robbers"
    # R-CARD / RR-DECK / RK-TILES / CR-DECK
    decks: int = 2
    jokers: int = 4
    # Seats: the number of players of a match, within the family's range.
    players: int = 4
    min_players: int = 2
    max_players: int = 5
    # RR-DEAL / RK-DEAL / CR-DEAL: None deals by the family's table of player counts.
    hand_size: int | None = None
    short_deal: bool = False  # RK-DEAL option: 10 for 2 players, 7 for more
    # RR-OPEN / RK-OPEN
    opening_min: int = 40
    manipulate_on_opening_turn: bool = False
    # RR-MANIP / RK-MANIP; classic rummy only melds and lays off (CR-LAYOFF)
    manipulation: bool = True
    # RR-FAIL / RK-FAIL: cards drawn for a failed manipulation (0 means 1)
    failed_manipulation_penalty: int = 0
    # RR-JOKER / RK-JOKER
    joker_to_hand: bool = True
    joker_swap_bonus: int = 0
    strict_joker: bool = False
    # R-RUN option and RR-VALUES
    ace_high: bool = False
    ace_value: int = 15
    joker_value: int = 30
    face_value: int = 10  # J, Q, K in card games; Rummikub counts 11, 12, 13
    number_values: bool = False  # Rummikub: every tile is worth its number
    # Draws and discards
    discard_pile: bool = False  # RR-DISCARD; classic rummy always has one
    draw_two_river: bool = False  # RK-RIVER
    # RR-STOCK-OUT / RK-END / CR-STOCK-OUT
    stalemate_by: StalemateBy = "tiles"
    restock_from_discard: bool = False  # CR-STOCK-OUT: turn the pile over once
    draw_after_turns: int | None = None  # CR-STOCK-OUT: 120 turns without going out
    # Scoring (RR-SCORE / RK-END / CR-SCORE)
    winner_scores_sum: bool = False  # RK-END: the winner scores plus the sum
    rummy_double: bool = False  # CR-SCORE: going out in one turn doubles
    # RR-MATCH / CR-SCORE
    match_format: MatchFormat = "rounds"
    rounds: int = 5
    outs_to_win: int = 3
    target_score: int = 100
    # RR-TIMER / RK-TIMER / T-ASYNC (the match's clock is the server's business)
    turn_seconds: int | None = None
    max_timeouts: int = 3
    # Added last, so that states pickled before them keep their fields in place.
    # RK-TIMER: cards drawn when the clock runs out (at least a failed turn)
    timeout_penalty: int = 1
    # T-EXPIRY: a draft that would be a valid commit at the deadline is committed
    timeout_commits_valid_draft: bool = True
    # RK-JOKER: a joker freed from the table must go into a set new this turn
    joker_to_new_set: bool = False
    # RK-END: the rack of a player who never opened is added to every other score
    unopened_pays_each: bool = False

    # -- questions code asks the rule set ------------------------------------------

    def card_value(self, card: Card) -> int:
        """Penalty value of a card in hand (RR-VALUES, RK-END, CR-SCORE)."""
        if card.rank == 0:
            return self.joker_value
        return self.rank_value(card.rank)

    def rank_value(self, rank: int) -> int:
        """Value of a natural rank (1..13, or 14 for a high ace) when melded."""
        if self.number_values:
            return 1 if rank == 14 else rank
        if rank in (1, 14):
            return self.ace_value
        if rank >= 11:
            return self.face_value
        return rank

    def deal_size(self, players: int) -> int:
        """Cards dealt to each player (RR-DEAL, RK-DEAL, CR-DEAL)."""
        if self.hand_size is not None:
            return self.hand_size
        if self.family == "robbers":
            return 13 if players <= 3 else 11
        if self.family == "rummikub":
            if self.short_deal:
                return 10 if players == 2 else 7
            return 14
        return 10 if players == 2 else 7

    def copies(self, card: Card) -> int:
        """How many of ``card`` a game holds (R-CARD): ``decks`` per natural, ``jokers``."""
        return self.jokers if card.rank == 0 else self.decks

    @property
    def needs_opening(self) -> bool:
        """Does a seat's first play have to be an opening (RR-OPEN, RK-OPEN)?

        Decision: ``opening_min`` 0 is seed 000's "no opening" variant ("allow
        rearranging from turn 1"), so with 0 every seat counts as opened from the start;
        classic rummy (opening 0) melds and lays off from its first turn (CR-TURN).
        """
        return self.opening_min > 0

    def plays_as_opened(self, opened: bool) -> bool:
        """The one opening rule (RR-OPEN, RK-OPEN, CR-TURN), asked by the engine, its
        policy and the bots alike: does a seat whose ``opened`` flag is this play as
        opened? Without an opening requirement every seat does."""
        return opened or not self.needs_opening

    @property
    def fail_draw_count(self) -> int:
        """Cards drawn for a failed manipulation (RR-FAIL): the table was touched."""
        return max(1, self.failed_manipulation_penalty)

    def failed_turn_draws(self, *, touched: bool) -> int:
        """Cards a turn ending without a valid commit draws (RR-FAIL Decision): the
        failed-manipulation penalty if the player touched the table, else 1."""
        return self.fail_draw_count if touched else 1

    def timeout_draws(self, *, touched: bool) -> int:
        """Cards drawn when the clock runs out (RK-TIMER Decision): the larger of
        ``timeout_penalty`` and the failed turn's draw."""
        return max(self.timeout_penalty, self.failed_turn_draws(touched=touched))

    @property
    def three_step_turns(self) -> bool:
        """Classic rummy's draw, meld, discard turn (CR-TURN) instead of play-or-draw."""
        return self.family == "rummy"

    @property
    def max_jokers(self) -> int:
        """The most jokers a game of this family may hold (RR-DECK 0..6, RK-TILES 0..4)."""
        return 4 if self.family == "rummikub" else 6

    @property
    def scoring(self) -> ScoringStyle:
        """How a round is scored (RR-SCORE, RK-END, CR-SCORE): ``penalty`` (the lowest
        total wins), ``plus_minus`` (``winner_scores_sum``) or ``winner_takes``."""
        if self.winner_scores_sum:
            return "plus_minus"
        return "winner_takes" if self.three_step_turns else "penalty"

    @property
    def cut_picks_starter(self) -> bool:
        """R-ORDER: in Rummikub the highest tile starts; in card games it deals."""
        return self.family == "rummikub"

    @property
    def creator_starts(self) -> bool:
        """R-ORDER Decision: in classic rummy the match's creator (seat 0) starts the
        first hand, with no cut."""
        return self.family == "rummy"

    @property
    def river(self) -> bool:
        """Does a stock draw take two and discard one onto the river (RK-RIVER)?"""
        return self.draw_two_river and not self.three_step_turns

    @property
    def max_run_rank(self) -> int:
        return 14 if self.ace_high else 13

    @property
    def total_cards(self) -> int:
        return 52 * self.decks + self.jokers

    def allows_manipulation(self, *, opened: bool, opening_turn: bool) -> bool:
        """May a seat rearrange table melds now (RR-MANIP, RR-OPEN, CR-LAYOFF)?

        ``opened``: the seat has opened (this turn included); ``opening_turn``: it
        opened this very turn. Without an opening requirement every seat may.
        """
        if not self.manipulation:
            return False
        if not self.needs_opening:
            return True
        if not opened:
            return False
        return self.manipulate_on_opening_turn or not opening_turn

    def options(self) -> dict[str, Any]:
        """The option values, as a JSON-able dict (what clients see and send back)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


# -- presets ------------------------------------------------------------------------

ROBBERS = RuleSet()
VATIKAN = dataclasses.replace(ROBBERS, name="vatikan", jokers=4)
RUMMIKUB = RuleSet(
    name="rummikub",
    family="rummikub",
    decks=2,
    jokers=2,
    players=4,
    max_players=4,
    opening_min=30,
    joker_to_hand=False,
    joker_value=30,
    number_values=True,
    ace_value=1,
    stalemate_by="points",
    winner_scores_sum=True,
    rounds=1,
    timeout_penalty=3,
)
RUMMY = RuleSet(
    name="rummy",
    family="rummy",
    decks=1,
    jokers=0,
    players=2,
    max_players=4,
    opening_min=0,
    manipulation=False,
    manipulate_on_opening_turn=True,
    joker_to_hand=False,
    ace_value=1,
    joker_value=0,
    discard_pile=True,
    restock_from_discard=True,
    draw_after_turns=120,
    rummy_double=True,
    match_format="target",
    target_score=100,
    # T-EXPIRY: classic rummy has no draft to commit (see _check_applies).
    timeout_commits_valid_draft=False,
)

PRESETS: dict[str, RuleSet] = {r.name: r for r in (ROBBERS, VATIKAN, RUMMIKUB, RUMMY)}
ALIASES = {"hindu": "robbers", "robbers_rummy": "robbers", "sabra": "rummikub"}
DEFAULT_PRESET = "robbers"

# Fields a client may not override: they define what the preset is.
_FIXED = frozenset({"name", "family", "min_players", "max_players", "number_values"})


@dataclass(frozen=True, slots=True)
class _Range:
    lo: int | None = None
    hi: int | None = None
    optional: bool = False
    extra: str = field(default="")


def _ranges(base: RuleSet, decks: int, short_deal: bool = False) -> dict[str, _Range]:
    max_players = base.max_players
    seats_extra = ""
    if base.family == "rummikub":
        if decks >= 3 or short_deal:
            # RK-PLAYERS: an extended set seats 5..6; Decision: so does the normal set
            # with the short deal (seed 004, "con un solo set también se puede probar").
            max_players = 6
        else:
            seats_extra = (
                "; 5..6 players need the short deal (short_deal: true) or an extended set "
                "(decks: 3)"
            )
    return {
        "decks": _Range(1, 3),
        "jokers": _Range(0, base.max_jokers),
        "players": _Range(base.min_players, max_players, extra=seats_extra),
        # R-RANGES Decision: the seeds' deals are 7..14; wider house rules up to 20.
        "hand_size": _Range(7, 20, optional=True),
        "opening_min": _Range(0, 200),
        "failed_manipulation_penalty": _Range(0, 10),
        "timeout_penalty": _Range(1, 10),
        "joker_swap_bonus": _Range(0, 100),
        "ace_value": _Range(1, 20),
        "joker_value": _Range(0, 100),
        "face_value": _Range(1, 20),
        "draw_after_turns": _Range(10, 10_000, optional=True),
        "rounds": _Range(1, 50),
        "outs_to_win": _Range(1, 20),
        "target_score": _Range(1, 10_000),
        "turn_seconds": _Range(5, 86_400 * 14, optional=True),
        "max_timeouts": _Range(1, 100),
    }


# Options where null means "none" (deal by the table, no turn limit, no clock).
_NULLABLE = frozenset({"hand_size", "draw_after_turns", "turn_seconds"})

_CHOICES: dict[str, tuple[str, ...]] = {
    "match_format": ("rounds", "outs", "target"),
    "stalemate_by": ("points", "tiles"),
}


def find_preset(name: object) -> RuleSet:
    """The preset called ``name`` (or an alias); raises BadInput(BAD_OPTION)."""
    if not isinstance(name, str):
        kind = type(name).__name__
        raise BadInput(Code.BAD_OPTION, f"a ruleset is named by a string, not a {kind}")
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in PRESETS:
        shown = name if len(name) <= 40 else name[:37] + "..."
        raise BadInput(
            Code.BAD_OPTION,
            f"unknown ruleset {shown!r}; choose one of {', '.join(PRESETS)}",
        )
    return PRESETS[key]


def ruleset(name: str = DEFAULT_PRESET, options: Mapping[str, Any] | None = None) -> RuleSet:
    """A preset varied by ``options``; every value is checked (raises BadInput(BAD_OPTION))."""
    base = find_preset(name)
    if options is None:
        return base
    if not isinstance(options, Mapping):
        raise BadInput(Code.BAD_OPTION, "options must be an object of option names to values")
    if not options:
        return base
    known = {f.name: f for f in dataclasses.fields(RuleSet)}
    changes: dict[str, Any] = {}
    for key, value in options.items():
        if key not in known:
            shown = key if not isinstance(key, str) or len(key) <= 40 else key[:37] + "..."
            raise BadInput(Code.BAD_OPTION, f"unknown option {shown!r}")
        if key in _FIXED:
            if value != getattr(base, key):
                raise BadInput(Code.BAD_OPTION, f"option {key!r} is fixed by the preset")
            continue
        changes[key] = _coerce(key, value, getattr(base, key))
    rules = dataclasses.replace(base, **changes)
    _check_ranges(rules, base)
    _check_playable(rules)
    _check_applies(rules, base, changes)
    return rules


# R-PLAYABLE Decision: an option accepted and ignored tells a client something false.
# Each option below has an effect only where its test holds (the rest always have one);
# the text says why it has none otherwise. Classic rummy's turn (CR-TURN: draw, meld,
# discard) has no draft, no failed manipulation, no river and no stalemate; Rummikub's
# tiles count their numbers.
_EFFECT: dict[str, tuple[Callable[[RuleSet], bool], str]] = {
    "short_deal": (
        lambda r: r.family == "rummikub" and r.hand_size is None,
        "it is Rummikub's short deal (RK-DEAL); hand_size sets a deal of any size",
    ),
    "rummy_double": (
        lambda r: r.scoring == "winner_takes",
        "only classic rummy's scoring, where the winner takes the hands, doubles a rummy "
        "(CR-SCORE)",
    ),
    "draw_two_river": (
        lambda r: not r.three_step_turns,
        "a classic rummy turn draws one card and ends with a discard (CR-TURN)",
    ),
    "timeout_penalty": (
        lambda r: not r.three_step_turns,
        "a classic rummy timeout draws if not drawn and discards the card drawn (T-EXPIRY)",
    ),
    "timeout_commits_valid_draft": (
        lambda r: not r.three_step_turns,
        "a classic rummy turn has no draft (melds are laid one by one and the turn ends "
        "with a discard)",
    ),
    "failed_manipulation_penalty": (
        lambda r: not r.three_step_turns,
        "a classic rummy turn never fails: each meld is laid (or undone) on its own",
    ),
    "stalemate_by": (
        lambda r: not r.three_step_turns,
        "a classic rummy hand never ends in a stalemate: an empty stock draws it (CR-STOCK-OUT)",
    ),
    "ace_value": (
        lambda r: not r.number_values,
        "every tile counts its number (RK-END)",
    ),
    "face_value": (
        lambda r: not r.number_values,
        "every tile counts its number (RK-END)",
    ),
    "unopened_pays_each": (
        lambda r: r.scoring == "plus_minus",
        "it belongs to the plus/minus scoring of Rummikub (RK-END, winner_scores_sum)",
    ),
    "joker_to_new_set": (
        lambda r: r.manipulation,
        "without rearranging (manipulation) no joker ever leaves a table meld",
    ),
    "restock_from_discard": (
        lambda r: r.discard_pile,
        "there is no discard pile to turn over (discard_pile)",
    ),
}


def ignored_options(rules: RuleSet) -> frozenset[str]:
    """The options that have no effect under ``rules`` (R-PLAYABLE Decision): a client
    may send back their values as they are, never change them."""
    return frozenset(key for key, (applies, _) in _EFFECT.items() if not applies(rules))


def _check_applies(rules: RuleSet, base: RuleSet, changes: Mapping[str, Any]) -> None:
    """Refuse an option that would be accepted and ignored (R-PLAYABLE Decision),
    naming the option and the family. A value equal to the preset's changes nothing and
    is accepted, so that a client may send back every option it was shown; so is
    ``false``, which only says that the thing does not happen."""
    for key, value in changes.items():
        effect = _EFFECT.get(key)
        if effect is None or value is False or value == getattr(base, key) or effect[0](rules):
            continue
        raise BadInput(
            Code.BAD_OPTION,
            f"option {key!r} has no effect in {base.name} (the {rules.family} family): {effect[1]}",
        )


def _check_playable(rules: RuleSet) -> None:
    """R-PLAYABLE: refuse combinations in which a seat on turn could have no legal
    action. With both a discard pile and a river, a pile draw would be followed by a
    discard that must be one of two tiles drawn from the stock: there are none."""
    if rules.discard_pile and rules.river:
        raise BadInput(
            Code.BAD_OPTION,
            "options 'discard_pile' and 'draw_two_river' clash: a draw from the pile "
            "could never be followed by a discard onto the river; choose one",
        )


def _coerce(key: str, value: Any, default: Any) -> Any:
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise BadInput(Code.BAD_OPTION, f"option {key!r} must be true or false")
        return value
    if key in _CHOICES:
        if value not in _CHOICES[key]:
            raise BadInput(
                Code.BAD_OPTION, f"option {key!r} must be one of {', '.join(_CHOICES[key])}"
            )
        return value
    if value is None:
        if key not in _NULLABLE:
            raise BadInput(Code.BAD_OPTION, f"option {key!r} may not be null")
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(Code.BAD_OPTION, f"option {key!r} must be a whole number")
    return value


def _check_ranges(rules: RuleSet, base: RuleSet) -> None:
    for key, rng in _ranges(base, rules.decks, rules.short_deal).items():
        value = getattr(rules, key)
        if value is None:
            if rng.optional:
                continue
            raise BadInput(Code.BAD_OPTION, f"option {key!r} may not be null")
        assert rng.lo is not None and rng.hi is not None
        if not rng.lo <= value <= rng.hi:
            raise BadInput(
                Code.BAD_OPTION,
                f"option {key!r} is {value}; {base.name} allows {rng.lo}..{rng.hi}{rng.extra}",
            )
    needed = rules.players * rules.deal_size(rules.players) + (1 if rules.discard_pile else 0)
    if needed > rules.total_cards:
        raise BadInput(
            Code.BAD_OPTION,
            f"{rules.players} hands of {rules.deal_size(rules.players)} need {needed} cards; "
            f"the deck has {rules.total_cards}",
        )
