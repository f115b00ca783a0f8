"""The tournament domain's rejection codes (members of the API's ``RejectionCode``) and
its not-found error."""

from __future__ import annotations

from enum import StrEnum

from matches.errors import NotFound


class TournamentCode(StrEnum):
    REGISTRATION_CLOSED = "REGISTRATION_CLOSED"
    TOURNAMENT_FULL = "TOURNAMENT_FULL"


class TournamentNotFound(NotFound):
    def __init__(self, tournament_id: object) -> None:
        super().__init__(f"there is no tournament {tournament_id}")
        self.tournament_id = tournament_id


def tournament_pk(tournament_id: object) -> int:
    """The one parser of tournament ids: a positive integer, or its decimal string
    (``ID`` arguments). Anything else raises TournamentNotFound."""
    if isinstance(tournament_id, int) and not isinstance(tournament_id, bool):
        pk = tournament_id
    elif isinstance(tournament_id, str) and tournament_id.isascii() and tournament_id.isdigit():
        pk = int(tournament_id)
    else:
        raise TournamentNotFound(tournament_id)
    if not 0 < pk < 2**63:
        raise TournamentNotFound(tournament_id)
    return pk
