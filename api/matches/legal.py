"""What the viewer may do now (`Match.legalActions`), from a MatchView."""

from __future__ import annotations

import strawberry

from api.matches.cards import Card, card, cards
from api.matches.enums import DrawSource, TurnPhase, phase
from matches.selectors import MatchView


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
