"""The match queries (API.md): one match, lists of them, a replay, an invitation, and
what a client asks besides (rule sets, meld checks, hints).

Resolvers are thin (STYLE 15): authenticate, call one ``matches`` selector in a worker
thread (:func:`api.matches.calls.call`), map the result.
"""

from __future__ import annotations

import strawberry
from graphql import GraphQLError
from strawberry.scalars import JSON

from api.auth import get_user, require_user
from api.errors import bad_input
from api.matches.calls import call, enum_value
from api.matches.cards import MeldKind, cards
from api.matches.connection import MatchConnection, after_id, my_matches, open_matches
from api.matches.enums import MatchStatus, MyMatchesFilter
from api.matches.match import Match, match, resolve_match
from api.matches.replay import Replay, replay
from api.matches.rule_options import options_of
from api.matches.tools import HintResult, MeldCheck, Play, Ruleset, play_of
from api.rejections import rejection
from engine.errors import EngineError
from engine.explain import check_melds
from engine.rules import find_preset
from engine.rules import ruleset as make_ruleset
from matches import selectors
from matches.errors import Rejected

MAX_CHECK_MELDS = 60


@strawberry.type
class MatchQuery:
    @strawberry.field(description="The rule-set presets with their options and defaults.")
    def rulesets(self) -> list[Ruleset]:
        return [
            Ruleset(
                name=r["name"],
                family=r["family"],
                min_players=r["minPlayers"],
                max_players=r["maxPlayers"],
                aliases=r["aliases"],
                options=r["options"],
                option_list=options_of(find_preset(r["name"])),
            )
            for r in selectors.rulesets()
        ]

    @strawberry.field(description="A match as the viewer may see it; null if unknown.")
    async def match(self, info: strawberry.Info, id: strawberry.ID) -> Match | None:
        return await resolve_match(info, id)

    @strawberry.field(
        description=(
            "The viewer's matches, newest first. filter: MY_TURN (running, the viewer on "
            "turn: app badges), ACTIVE (running), FINISHED (finished or aborted)."
        )
    )
    async def my_matches(
        self,
        info: strawberry.Info,
        status: MatchStatus | None = None,
        first: int = 20,
        after: str | None = None,
        filter: MyMatchesFilter | None = None,
    ) -> MatchConnection:
        user = require_user(info)
        return await call(
            my_matches,
            user=user,
            status=enum_value(status) if status else None,
            first=first,
            after=after_id(after),
            filter=enum_value(filter) if filter else None,
        )

    @strawberry.field(description="Public matches waiting for players, newest first.")
    async def open_matches(
        self,
        info: strawberry.Info,
        ruleset: str | None = None,
        first: int = 20,
        after: str | None = None,
    ) -> MatchConnection:
        return await call(
            open_matches, user=get_user(info), ruleset=ruleset, first=first, after=after_id(after)
        )

    @strawberry.field(description="A match that is over, with full information; else null.")
    async def replay(self, info: strawberry.Info, match_id: strawberry.ID) -> Replay | None:
        data = await call(selectors.match_replay, match_id=match_id, user=get_user(info))
        return replay(data) if data is not None else None

    @strawberry.field(
        description=(
            "A private match as whoever holds its invitation may see it before joining "
            "(creator in seat 0, rules, seats and free seats); null for a wrong code."
        )
    )
    async def invitation(
        self, info: strawberry.Info, match_id: strawberry.ID, invite_code: str
    ) -> Match | None:
        found = await call(
            selectors.match_invitation,
            match_id=match_id,
            invite_code=invite_code,
            user=get_user(info),
        )
        return match(found.for_client()) if found is not None else None

    @strawberry.field(description="Validity, kind, points and reason of each meld.")
    def check_melds(
        self, ruleset: str, melds: list[list[str]], options: JSON | None = None
    ) -> list[MeldCheck]:
        if len(melds) > MAX_CHECK_MELDS or any(len(m) > 60 for m in melds):
            raise bad_input(f"at most {MAX_CHECK_MELDS} melds of at most 60 cards")
        if options is not None and not isinstance(options, dict):
            raise bad_input("options must be a JSON object")
        try:
            rules = make_ruleset(ruleset, options)
            checked = check_melds(rules, melds)
        except EngineError as exc:
            raise bad_input(exc.message) from None
        return [
            MeldCheck(
                valid=bool(c["valid"]),
                kind=MeldKind(c["kind"]) if c.get("kind") else None,
                points=c.get("points"),  # type: ignore[arg-type]
                cards=cards(c["cards"]) if c.get("cards") else None,  # type: ignore[arg-type]
                code=c.get("code"),  # type: ignore[arg-type]
                reason=c.get("reason"),  # type: ignore[arg-type]
                message=c.get("message"),  # type: ignore[arg-type]
                meld_index=i,
                missing_card=c.get("missingCard"),  # type: ignore[arg-type]
                missing_cards=cards(c["missingCards"]) if c.get("missingCards") else None,  # type: ignore[arg-type]
            )
            for i, c in enumerate(checked)
        ]

    @strawberry.field(description="Indexes of table melds the card can be laid off on.")
    async def fits(self, info: strawberry.Info, match_id: strawberry.ID, card: str) -> list[int]:
        return await call(selectors.match_fits, match_id=match_id, user=get_user(info), card=card)

    @strawberry.field(
        description="The solver's suggestion for the viewer's hand; refused in ranked play.",
        deprecation_reason=(
            "Use hintPlay: a refusal (HINT_NOT_ALLOWED in ranked play) is a Rejection there; "
            "here it is a FORBIDDEN error."
        ),
    )
    async def hint(self, info: strawberry.Info, match_id: strawberry.ID) -> Play | None:
        user = require_user(info)
        found = await call(selectors.match_hint, match_id=match_id, user=user)
        if isinstance(found, Rejected):
            raise GraphQLError(
                found.message, extensions={"code": "FORBIDDEN", "reason": str(found.code)}
            )
        return play_of(found)

    @strawberry.field(
        description=(
            "The solver's suggestion for the viewer's hand, or a Rejection: "
            "HINT_NOT_ALLOWED in ranked play, NOT_A_PLAYER, MATCH_OVER."
        )
    )
    async def hint_play(self, info: strawberry.Info, match_id: strawberry.ID) -> HintResult:
        user = require_user(info)
        found = await call(selectors.match_hint, match_id=match_id, user=user)
        if isinstance(found, Rejected):
            return rejection(found.code, found.message, rule=found.rule)
        return play_of(found)
