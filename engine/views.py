"""What a seat may see (STYLE 9, R-RNG): the one place hidden information is filtered.

``view(state, seat)`` is everything a player needs to play from (bots get nothing
else): the own hand in full, other hands as counts and the cards each seat took face
up this round (the discard top, river tiles: everyone saw them taken), the table, the
live draft, the stock as a count, the discard top, the (public) river, the flags and
scores, the rule options and what the seat may do now. ``view(state, None)`` is a spectator's.
Neither ever holds another seat's cards, the stock order or the seed.
"""

from __future__ import annotations

from typing import Any

from engine.game import legal, table_json
from engine.state import GameState


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    """A JSON-able dict of what ``seat`` (None: a spectator) may see.

    Raises IndexError for a seat that is not in the match.
    """
    if seat is not None and not 0 <= seat < state.players:
        raise IndexError(f"there is no seat {seat} in this match")
    rules = state.rules
    cur = state.current
    on_turn = state.outcome is None and seat == state.on_turn
    seats = [
        {
            "index": i,
            "handCount": len(s.hand),
            "opened": s.opened,
            "score": s.total,
            "roundsWon": s.rounds_won,
            "outs": s.outs,
            "inRound": s.in_round,
            "bot": s.bot,
            "resigned": s.resigned,
            "timeouts": s.timeouts,
            "taken": [c.code for c in s.taken],
        }
        for i, s in enumerate(state.seats)
    ]
    out: dict[str, Any] = {
        "ruleset": rules.name,
        "family": rules.family,
        "options": rules.options(),
        "players": state.players,
        "seat": seat,
        "round": state.round,
        "extraRound": state.extra_round,
        "dealer": state.dealer,
        "participants": list(state.participants),
        "turn": state.turn,
        "roundTurn": state.round_turns,
        "onTurn": state.on_turn if state.outcome is None else None,
        "phase": state.phase,
        "seats": seats,
        "hand": [c.code for c in state.seats[seat].hand] if seat is not None else None,
        "table": table_json(state.table, state.placed_by),
        "draft": [list(m) for m in cur.draft] if cur.draft is not None else None,
        "stockCount": len(state.stock),
        "discardTop": state.discard[-1].code if state.discard else None,
        "discardCount": len(state.discard),
        "river": [c.code for c in state.river],
        # The turn so far: public facts (what was taken face up), not the cards drawn.
        "drawn": cur.drawn_from is not None,
        "drawnFrom": cur.drawn_from,
        "takenDiscard": cur.taken.code if cur.taken is not None else None,
        "keyTile": cur.key.code if cur.key is not None else None,
        "booty": [c.code for c in cur.booty],
        "meldSteps": len(cur.steps),
        "idleTurns": state.idle_turns,
        "restocks": state.restocks,
        "legal": legal(state, seat).to_dict() if on_turn else None,
        "lastRound": state.results[-1].to_dict() if state.results else None,
        "rounds": [r.to_dict() for r in state.results],
        "outcome": state.outcome.to_dict() if state.outcome is not None else None,
    }
    if on_turn and cur.drawn:
        # Only the drawer knows what came from the stock (RK-RIVER: which two to choose).
        out["drawnCards"] = [c.code for c in cur.drawn]
    return out
