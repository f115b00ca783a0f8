"""GraphQL types of matches (API.md "Core schema"), built from what the selectors give:
a :class:`matches.selectors.MatchView` (the match as one viewer may see it), stored or
published events already shaped for the viewer, a finished match's replay.

Nothing here reads the database or decides what a viewer may see; these are mappings.
"""

from __future__ import annotations

import base64
import functools
from collections.abc import Mapping, Sequence
from datetime import datetime
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any

import strawberry
from strawberry.scalars import JSON

from api.rejections import Rejection
from engine.cards import JOKER_CODE, parse_card
from matches.selectors import MatchView

if TYPE_CHECKING:
    from api.accounts import UserType
    from api.events import MatchEvent
    from api.ratings import RatingChange
    from api.rule_options import RuleOption


@strawberry.enum(description="The state of a match.")
class MatchStatus(Enum):
    WAITING = "WAITING"
    ACTIVE = "ACTIVE"
    FINISHED = "FINISHED"
    ABORTED = "ABORTED"


@strawberry.enum(description="How strong a bot plays.")
class BotLevel(Enum):
    EASY = "EASY"
    MEDIUM = "MEDIUM"
    HARD = "HARD"
    EXPERT = "EXPERT"


@strawberry.enum(description="myMatches lists: MY_TURN feeds app badges.")
class MyMatchesFilter(Enum):
    MY_TURN = "MY_TURN"
    ACTIVE = "ACTIVE"
    FINISHED = "FINISHED"


@strawberry.enum(description="Why a player is reported (reportPlayer).")
class ReportReason(Enum):
    CHEATING = "CHEATING"
    ABUSE = "ABUSE"
    STALLING = "STALLING"
    NAME = "NAME"
    OTHER = "OTHER"


@strawberry.enum(description="Where a draw takes its card from.")
class DrawSource(Enum):
    STOCK = "STOCK"
    DISCARD = "DISCARD"
    RIVER = "RIVER"


@strawberry.enum(
    description="What a meld is. A draft meld (T-DRAFT) may be INVALID while being edited."
)
class MeldKind(Enum):
    RUN = "run"
    GROUP = "group"
    INVALID = "invalid"


@strawberry.type(description="A card (RULES.md R-CODE). A joker has no rank or suit.")
class Card:
    code: str = strawberry.field(description='The card\'s code: "7H", "10S", "AD" or "*".')
    rank: int | None = strawberry.field(description="1 (ace) .. 13 (king); null for a joker.")
    suit: str | None = strawberry.field(description="S, H, D or C; null for a joker.")
    represents: str | None = strawberry.field(
        description="For a joker in a meld: the card it stands for."
    )


@functools.lru_cache(maxsize=1024)
def card(text: str) -> Card:
    """A Card from a code, or from a meld's annotated joker ``*:7D``. One instance per
    code and process, shared by every response that shows the card: a Card is a value,
    nothing changes it once made (issue 12: building them anew for every table of every
    event and view was 3% of a web process's CPU per turn). An unknown code raises, and
    is not kept."""
    code, _, represents = text.partition(":")
    if code == JOKER_CODE:
        return Card(code=JOKER_CODE, rank=None, suit=None, represents=represents or None)
    parsed = parse_card(code)
    return Card(code=code, rank=parsed.rank, suit=parsed.suit, represents=None)


def cards(codes: Sequence[str] | None) -> list[Card]:
    return [card(c) for c in codes or ()]


@strawberry.type(description="A meld on the table (or in a draft).")
class Meld:
    cards: list[Card]
    kind: MeldKind
    placed_by: list[int] | None = strawberry.field(
        description="The seat that placed each card, in order (classic rummy lay-offs)."
    )
    points: int | None = None


def meld(data: Mapping[str, Any]) -> Meld:
    return Meld(
        cards=cards(data["cards"]),
        kind=MeldKind(data["kind"]),
        placed_by=list(data.get("placedBy") or []) or None,
        points=data.get("points"),
    )


def draft_meld(codes: Sequence[str]) -> Meld:
    # A draft is shown as it is, unvalidated (T-DRAFT); cards a client typed wrongly
    # never reach a draft (the engine refuses unknown codes).
    return Meld(cards=[card(c) for c in codes], kind=MeldKind.INVALID, placed_by=None)


@strawberry.enum(description="The phase of a turn (RULES.md): what the seat on turn does next.")
class TurnPhase(Enum):
    PLAY = "play"
    DISCARD = "discard"
    KEY = "key"
    DRAW = "draw"
    MELD = "meld"
    OVER = "over"


def phase(text: object) -> TurnPhase:
    try:
        return TurnPhase(text)
    except ValueError:
        return TurnPhase.OVER


@strawberry.type(
    description=(
        "What the viewer may do now. Never null: a viewer not on turn (or a spectator) "
        "gets onTurn false and what they may do meanwhile."
    )
)
class LegalActions:
    phase: TurnPhase
    on_turn: bool
    can_commit: bool
    draw_sources: list[DrawSource]
    river_tiles: int = strawberry.field(description="A river draw may name an index below this.")
    can_pass: bool
    discardable: list[Card]
    can_undo: bool
    can_update_draft: bool
    key_tile: Card | None
    booty: list[Card]
    opened: bool
    may_manipulate: bool
    draw_penalty: int = strawberry.field(description="Cards a stock draw would cost now.")
    can_update_rack_order: bool = strawberry.field(
        description="setRackOrder is open to a seated player, on turn or not."
    )
    can_resign: bool
    can_reclaim: bool = strawberry.field(description="reclaimSeat would give the seat back.")


def legal_actions(data: MatchView) -> LegalActions:
    v = data.view or {}
    on = v.get("legal") or {}
    seated = data.seat is not None
    me = next((s for s in data.seats if s.get("index") == data.seat), {}) if seated else {}
    active = data.status == "ACTIVE"
    return LegalActions(
        phase=phase(on.get("phase", v.get("phase") or "over")),
        on_turn=bool(on.get("onTurn")),
        can_commit=bool(on.get("commit")),
        draw_sources=[DrawSource(str(x).upper()) for x in on.get("drawSources", ())],
        river_tiles=on.get("riverTiles", 0),
        can_pass=bool(on.get("pass")),
        discardable=cards(on.get("discardable")),
        can_undo=bool(on.get("undo")),
        can_update_draft=bool(on.get("updateDraft")),
        key_tile=card(on["keyTile"]) if on.get("keyTile") else None,
        booty=cards(on.get("booty")),
        opened=bool(on.get("opened", me.get("opened", False))),
        may_manipulate=bool(on.get("mayManipulate")),
        draw_penalty=on.get("drawPenalty", 0),
        can_update_rack_order=seated and active,
        can_resign=seated and data.status in ("WAITING", "ACTIVE") and not me.get("resigned"),
        can_reclaim=seated
        and active
        and me.get("controller") == "TAKEOVER"
        and me.get("takeover") != "RESIGNED",
    )


@strawberry.enum(description="How a round ended.")
class RoundTermination(Enum):
    OUT = "out"
    STALEMATE = "stalemate"
    DRAWN = "drawn"


@strawberry.enum(description="How a match ended.")
class MatchTermination(Enum):
    ROUNDS = "rounds"
    OUTS = "outs"
    TARGET = "target"
    EXTRA_ROUND = "extra_round"
    RESIGNATION = "resignation"


@strawberry.type(description="One finished round (per-seat lists are indexed by seat).")
class RoundResult:
    round: int
    termination: RoundTermination
    winners: list[int]
    went_out: int | None
    rummy: bool
    hand_values: list[int | None]
    hand_counts: list[int | None]
    hands: list[list[Card]] = strawberry.field(description="Revealed at the round's end.")
    scores: list[int | None] = strawberry.field(description="Null: sat the round out.")
    totals: list[int]
    extra: bool


def round_result(d: Mapping[str, Any]) -> RoundResult:
    return RoundResult(
        round=d.get("round", 0),
        termination=RoundTermination(d.get("termination", "out")),
        winners=list(d.get("winners") or []),
        went_out=d.get("wentOut"),
        rummy=bool(d.get("rummy")),
        hand_values=list(d.get("handValues") or []),
        hand_counts=list(d.get("handCounts") or []),
        hands=[cards(h) for h in d.get("hands") or []],
        scores=list(d.get("scores") or []),
        totals=list(d.get("totals") or []),
        extra=bool(d.get("extra")),
    )


@strawberry.type(description="How the match ended; `ranking` lists seats best first.")
class MatchOutcome:
    termination: MatchTermination
    winners: list[int]
    ranking: list[int]
    totals: list[int]
    rounds_won: list[int]
    outs: list[int]
    rounds_played: int
    resigned: list[int]
    higher_wins: bool


def match_outcome(d: Mapping[str, Any]) -> MatchOutcome:
    return MatchOutcome(
        termination=MatchTermination(d.get("termination", "rounds")),
        winners=list(d.get("winners") or []),
        ranking=list(d.get("ranking") or []),
        totals=list(d.get("totals") or []),
        rounds_won=list(d.get("roundsWon") or []),
        outs=list(d.get("outs") or []),
        rounds_played=d.get("roundsPlayed", 0),
        resigned=list(d.get("resigned") or []),
        higher_wins=bool(d.get("higherWins")),
    )


@strawberry.type(description="The turn being played.")
class Turn:
    number: int = strawberry.field(description="Send this back as `turn` with every move.")
    seat: int
    phase: str = strawberry.field(description="play, discard, key, draw or meld.")
    deadline: datetime | None
    draft: list[Meld] | None = strawberry.field(description="The live, unvalidated table.")


@strawberry.enum(description="Who plays a seat (RULES.md T-TAKEOVER).")
class SeatController(Enum):
    PLAYER = "PLAYER"
    BOT = "BOT"
    TAKEOVER = "TAKEOVER"


@strawberry.enum(description="Why a bot plays a person's seat (RULES.md T-ASYNC, T-TAKEOVER).")
class TakeoverReason(Enum):
    TIMEOUTS = "TIMEOUTS"
    RESIGNED = "RESIGNED"
    DISCONNECTED = "DISCONNECTED"


@strawberry.federation.type(keys=["matchId index"], description="A seat of a match.")
class Seat:
    match_id: strawberry.ID
    index: int
    user_id: strawberry.ID | None
    username: str | None
    bot: BotLevel | None = strawberry.field(description="Seated as a bot of this level.")
    hand_count: int
    opened: bool
    score: int
    rounds_won: int
    resigned: bool
    bot_playing: bool = strawberry.field(
        description="A bot plays this seat now (timeouts, resignation, takeover: see controller)."
    )
    timeouts: int
    controller: SeatController | None = strawberry.field(
        default=None,
        description=(
            "Who plays the seat: PLAYER (its person), BOT (seated as a bot) or TAKEOVER "
            "(a bot plays a person's seat; see controllerSince and takeoverReason). "
            "Null for an empty seat."
        ),
    )
    controller_since: datetime | None = strawberry.field(
        default=None, description="Since when the controller plays the seat."
    )
    takeover_reason: TakeoverReason | None = strawberry.field(
        default=None, description="For TAKEOVER: why a bot plays the seat."
    )

    @strawberry.field(description="The seated player; null for a bot or an empty seat.")
    async def user(self) -> Annotated[UserType, strawberry.lazy("api.accounts")] | None:
        if self.user_id is None:
            return None
        from api.accounts import UserType

        return await UserType.resolve_reference(self.user_id)

    @classmethod
    async def resolve_reference(cls, info: strawberry.Info, **representation: Any) -> Seat | None:
        # The representation comes as sent: {"matchId": ..., "index": ...}.
        from api.matches import resolve_seat

        index = representation.get("index")
        if isinstance(index, bool) or not isinstance(index, int):
            return None
        return await resolve_seat(info, representation.get("matchId"), index)


def seat(match_id: int, data: Mapping[str, Any]) -> Seat:
    return Seat(
        match_id=strawberry.ID(str(match_id)),
        index=data["index"],
        user_id=strawberry.ID(str(data["userId"])) if data.get("userId") else None,
        username=data.get("username"),
        bot=BotLevel(data["bot"]) if data.get("bot") else None,
        hand_count=data.get("handCount", 0),
        opened=data.get("opened", False),
        score=data.get("score", 0),
        rounds_won=data.get("roundsWon", 0),
        resigned=data.get("resigned", False),
        bot_playing=bool(data.get("botPlaying", False)),
        timeouts=data.get("timeouts", 0),
        controller=SeatController(data["controller"]) if data.get("controller") else None,
        controller_since=(
            datetime.fromisoformat(data["controllerSince"]) if data.get("controllerSince") else None
        ),
        takeover_reason=TakeoverReason(data["takeover"]) if data.get("takeover") else None,
    )


@strawberry.federation.type(keys=["id"], description="A match as the viewer may see it.")
class Match:
    id: strawberry.ID
    ruleset: str
    options: JSON = strawberry.field(description="Every rule option of the match.")
    status: MatchStatus
    ranked: bool
    private: bool
    players: int
    turn_seconds: int | None
    correspondence_hours: int | None
    created_at: datetime
    seats: list[Seat]
    my_seat: int | None = strawberry.field(description="The viewer's seat; null if not seated.")
    table: list[Meld]
    stock_count: int
    discard_top: Card | None
    discard_count: int
    river: list[Card]
    turn: Turn | None
    round: int
    my_hand: list[Card] | None = strawberry.field(description="Only for a seated viewer.")
    drawn_cards: list[Card] | None = strawberry.field(
        description="Cards the viewer drew from the stock this turn (RK-RIVER)."
    )
    last_seq: int = strawberry.field(description="The seq of the match's latest event.")
    winner: Seat | None
    winners: list[Seat]
    legal: JSON | None = strawberry.field(
        description="What the viewer may do now.", deprecation_reason="Use legalActions."
    )
    outcome: JSON | None = strawberry.field(deprecation_reason="Use result.")
    rounds: JSON = strawberry.field(
        description="Each finished round's result.", deprecation_reason="Use roundResults."
    )
    legal_actions: LegalActions = strawberry.field(
        description="What the viewer may do now (every viewer: see onTurn)."
    )
    result: MatchOutcome | None = strawberry.field(description="How the match ended.")
    round_results: list[RoundResult] = strawberry.field(description="Each finished round.")
    view: JSON | None = strawberry.field(
        description="The engine's whole view for this viewer (what bots play from)."
    )
    invite_code: str | None = strawberry.field(
        default=None,
        description="A private match's invitation (for joinMatch and invite links); "
        "only its seated players see it, null for everyone else and for public matches.",
    )

    @strawberry.field(
        description=(
            "How this match moved each rated player's rating, in seat order: set once a "
            "ranked match is FINISHED (as MatchEnded.ratingChanges); empty otherwise."
        )
    )
    async def rating_changes(
        self,
    ) -> list[Annotated[RatingChange, strawberry.lazy("api.ratings")]]:
        if not self.ranked or self.status != MatchStatus.FINISHED:
            return []
        from api.ratings import match_rating_changes

        return await match_rating_changes(str(self.id))

    @classmethod
    async def resolve_reference(cls, info: strawberry.Info, id: strawberry.ID) -> Match | None:
        from api.matches import resolve_match

        return await resolve_match(info, id)


def match(data: MatchView) -> Match:
    """The GraphQL Match of a MatchView."""
    v = data.view or {}
    seats = [seat(data.id, s) for s in data.seats]
    by_index = {s.index: s for s in seats}
    on_turn = v.get("onTurn")
    turn = None
    if on_turn is not None and data.status == "ACTIVE":
        turn = Turn(
            number=data.turn,
            seat=on_turn,
            phase=v.get("phase", ""),
            deadline=datetime.fromisoformat(data.deadline) if data.deadline else None,
            draft=[draft_meld(m) for m in v["draft"]] if v.get("draft") is not None else None,
        )
    winners = [by_index[i] for i in data.winners if i in by_index]
    return Match(
        invite_code=data.invite_code,
        id=strawberry.ID(str(data.id)),
        ruleset=data.ruleset,
        options=JSON(data.options),
        status=MatchStatus(data.status),
        ranked=data.ranked,
        private=data.private,
        players=data.players,
        turn_seconds=data.turn_seconds,
        correspondence_hours=data.correspondence_hours,
        created_at=datetime.fromisoformat(data.created_at),
        seats=seats,
        my_seat=data.seat,
        table=[meld(m) for m in v.get("table", [])],
        stock_count=v.get("stockCount", 0),
        discard_top=card(v["discardTop"]) if v.get("discardTop") else None,
        discard_count=v.get("discardCount", 0),
        river=cards(v.get("river")),
        turn=turn,
        round=data.round,
        my_hand=cards(v["hand"]) if v.get("hand") is not None else None,
        drawn_cards=cards(v["drawnCards"]) if "drawnCards" in v else None,
        last_seq=data.last_seq,
        winner=winners[0] if len(winners) == 1 else None,
        winners=winners,
        legal=v.get("legal"),
        outcome=v.get("outcome"),
        rounds=v.get("rounds", []),
        legal_actions=legal_actions(data),
        result=match_outcome(v["outcome"]) if v.get("outcome") else None,
        round_results=[round_result(r) for r in v.get("rounds", [])],
        view=JSON(data.view) if data.view is not None else None,
    )


@strawberry.type(description="A rule-set preset with its options and their defaults.")
class Ruleset:
    name: str
    family: str
    min_players: int
    max_players: int
    aliases: list[str]
    options: JSON = strawberry.field(deprecation_reason="Use optionList: typed, with ranges.")
    option_list: list[Annotated[RuleOption, strawberry.lazy("api.rule_options")]] = (
        strawberry.field(description="Every option: type, default, allowed range, description.")
    )


@strawberry.type(description="Whether a meld is valid, and if not why (R-EXPLAIN).")
class MeldCheck:
    valid: bool
    kind: MeldKind | None
    points: int | None
    cards: list[Card] | None
    code: str | None
    reason: str | None
    message: str | None
    meld_index: int
    missing_card: str | None


@strawberry.type(description="A solver suggestion: the whole new table and what it plays.")
class Play:
    table: list[Meld]
    played: list[Card]
    cards: int
    points: int
    optimal: bool


@strawberry.type(description="One event with every private part (finished matches only).")
class ReplayEvent:
    seq: int
    type: str
    payload: JSON = strawberry.field(
        deprecation_reason="Use `event` (the typed event) and `hands`."
    )
    private: JSON = strawberry.field(description="Per seat (keys are seat indexes).")
    event: Annotated[MatchEvent, strawberry.lazy("api.events")] = strawberry.field(
        description="The event as a spectator saw it, typed (as matchEvents sends it)."
    )
    hands: list[list[Card] | None] = strawberry.field(
        description=(
            "Per seat: its whole hand after this event, when the event changed it "
            "(null: unchanged)."
        )
    )


@strawberry.type(description="A match that is over, with full information.")
class Replay:
    match_id: strawberry.ID
    ruleset: str
    status: MatchStatus
    options: JSON
    seats: list[Seat]
    events: list[ReplayEvent]
    actions: JSON = strawberry.field(description="The action log, in order.")
    hands: list[list[Card]] = strawberry.field(description="Every hand at the end.")
    winners: list[int]
    outcome: JSON | None


def replay_event(match_id: object, seats: int, e: Mapping[str, Any]) -> ReplayEvent:
    """A replay's event: as stored, typed (the public part), and each seat's hand."""
    from api.events import match_event

    private: dict[str, Any] = e["private"]
    typed = match_event(
        {"seq": e["seq"], "type": e["type"], "matchId": match_id, "payload": e["payload"]}
    )
    hands = [private.get(str(i), {}).get("myHand") for i in range(seats)]
    return ReplayEvent(
        seq=e["seq"],
        type=e["type"],
        payload=e["payload"],
        private=JSON(private),
        event=typed,
        hands=[cards(h) if h is not None else None for h in hands],
    )


def replay(data: Mapping[str, Any]) -> Replay:
    return Replay(
        match_id=strawberry.ID(str(data["matchId"])),
        ruleset=data["ruleset"],
        status=MatchStatus(data["status"]),
        options=data["options"],
        seats=[seat(data["matchId"], s) for s in data["seats"]],
        events=[replay_event(data["matchId"], len(data["seats"]), e) for e in data["events"]],
        actions=data["actions"],
        hands=[cards(h) for h in data["hands"]],
        winners=data["winners"],
        outcome=data["outcome"],
    )


@strawberry.federation.type(
    shareable=True,
    description=(
        "Where a page of a connection is (Relay). @shareable: another subgraph with Relay "
        "connections defines the same type."
    ),
)
class PageInfo:
    has_next_page: bool = strawberry.field(
        description="When paginating forwards, are there more items?"
    )
    has_previous_page: bool = strawberry.field(
        description="When paginating backwards, are there more items?"
    )
    start_cursor: str | None = strawberry.field(
        description="When paginating backwards, the cursor to continue."
    )
    end_cursor: str | None = strawberry.field(
        description="When paginating forwards, the cursor to continue."
    )


@strawberry.type
class MatchEdge:
    cursor: str
    node: Match


@strawberry.type(description="A page of matches, newest first.")
class MatchConnection:
    edges: list[MatchEdge]
    page_info: PageInfo


def cursor_of(match_id: int) -> str:
    return base64.urlsafe_b64encode(f"match:{match_id}".encode()).decode()


def id_of_cursor(cursor: str) -> int:
    """Raises ValueError for a cursor this API did not make."""
    text = base64.urlsafe_b64decode(cursor.encode()).decode()
    kind, _, number = text.partition(":")
    if kind != "match":
        raise ValueError(cursor)
    return int(number)


@strawberry.input
class JokerSwapInput:
    meld_index: int = strawberry.field(description="The meld's index at the turn's start.")
    card: str = strawberry.field(description="The card put in the joker's place.")


@strawberry.input
class CreateMatchInput:
    ruleset: str = "robbers"
    options: JSON | None = strawberry.field(
        default=None, description="Rule option overrides (RULES.md names)."
    )
    seats: int = strawberry.field(description="Players, 2..5 (preset limits apply).")
    bots: list[BotLevel] | None = strawberry.field(
        default=None, description="Bots seated at creation, after the creator."
    )
    turn_seconds: int | None = None
    correspondence_hours: int | None = None
    ranked: bool = False
    private: bool = False


MatchResult = Annotated[Match | Rejection, strawberry.union("MatchResult")]
TurnResult = Annotated[Match | Rejection, strawberry.union("TurnResult")]
DraftResult = Annotated[Match | Rejection, strawberry.union("DraftResult")]
HintResult = Annotated[Play | Rejection, strawberry.union("HintResult")]
