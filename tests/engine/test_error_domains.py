"""Each domain owns its codes; the API's RejectionCode is their union, with every value
a client saw before (issue 10, "one home per rule")."""

from __future__ import annotations

from accounts.errors import AccountCode
from api.rejections import RejectionCode, rejection
from engine.errors import Code
from matches.errors import ChallengeCode, ChatCode, MatchCode
from matches.notifications.devices import NotificationCode
from tournaments.errors import TournamentCode

# Every RejectionCode value before the codes were split by domain.
BEFORE = [
    "STALE_TURN",
    "NOT_YOUR_TURN",
    "MATCH_OVER",
    "MATCH_FULL",
    "NOT_A_PLAYER",
    "TURN_EXPIRED",
    "INVALID_MELD",
    "CARD_NOT_IN_HAND",
    "UNKNOWN_CARD",
    "TOO_MANY_COPIES",
    "TABLE_CARD_MISSING",
    "NO_CARD_FROM_HAND",
    "OPENING_TOO_LOW",
    "NOT_OPENED",
    "MANIPULATION_NOT_ALLOWED",
    "MUST_DRAW_FIRST",
    "MUST_DISCARD",
    "ALREADY_DREW",
    "DISCARD_TAKEN_CARD",
    "JOKER_SWAP_INVALID",
    "STOCK_EMPTY",
    "STOCK_NOT_EMPTY",
    "DISCARD_PILE_EMPTY",
    "NOT_ALLOWED",
    "NOTHING_TO_UNDO",
    "KEY_TILE_NOT_PLAYED",
    "HINT_NOT_ALLOWED",
    "USERNAME_TAKEN",
    "BAD_CREDENTIALS",
    "BAD_OPTION",
    "BAD_INPUT",
]


def test_account_codes_live_in_the_accounts_domain_not_the_engine() -> None:
    assert {"USERNAME_TAKEN", "BAD_CREDENTIALS"} <= {c.value for c in AccountCode}
    assert not {"USERNAME_TAKEN", "BAD_CREDENTIALS"} & {c.value for c in Code}


SERVER_CODES = {"STALE_TURN", "MATCH_FULL", "TURN_EXPIRED", "HINT_NOT_ALLOWED"}


def test_server_codes_live_in_the_matches_domain_not_the_engine() -> None:
    assert {c.value for c in MatchCode} >= SERVER_CODES
    assert not SERVER_CODES & {c.value for c in Code}


def test_rejection_code_is_the_union_and_keeps_every_value_a_client_saw() -> None:
    values = [c.value for c in RejectionCode]  # type: ignore[attr-defined]
    # None disappears; a domain's new codes (notifications' BAD_ENDPOINT, tournaments',
    # the chat's and challenges' codes) join them.
    assert set(BEFORE) <= set(values) and len(values) == len(set(values))
    domains = (
        Code,
        MatchCode,
        AccountCode,
        NotificationCode,
        TournamentCode,
        ChatCode,
        ChallengeCode,
    )
    assert set(values) == {c.value for d in domains for c in d}
    assert rejection(AccountCode.USERNAME_TAKEN, "taken").code.value == "USERNAME_TAKEN"
    assert rejection("BAD_CREDENTIALS", "no").code.value == "BAD_CREDENTIALS"
    assert rejection(Code.STOCK_EMPTY, "empty").code.value == "STOCK_EMPTY"
