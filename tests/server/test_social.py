"""Blocks, follows and challenges (issue 30): blockUser / unblockUser / me.blocked and
what a block keeps apart (joining, open matches, matchmaking, challenges); followUser /
me.following with who is online and playing where; challenges accepted (the match
begins, both seated), declined, withdrawn, expired, each told on myEvents."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from accounts import social
from accounts.models import Tempo, User
from accounts.services import token_create
from matches import challenges, selectors, services
from matches.errors import ChallengeCode, Rejected
from matches.matchmaking import Waiting, form_tables
from matches.models import Challenge, ChallengeStatus, Match, MatchStatus, Seat
from matches.notifications import compose, devices
from matches.notifications.kinds import INVITED
from matches.notifications.models import Delivery, DeliveryStatus, Notice, PushDevice
from matches.notifications.preferences import Prefs
from matches.presence import online_key, seen_key
from matches.selectors import MatchView
from tests.conftest import GraphQLClient
from tests.server.conftest import UserEvents

pytestmark = pytest.mark.django_db

BLOCK = """
mutation Block($name: String!) {
  blockUser(username: $name) { __typename ... on User { username } ... on Rejection { code } }
}
"""
UNBLOCK = "mutation U($name: String!) { unblockUser(username: $name) { __typename } }"
FOLLOW = """
mutation Follow($name: String!) {
  followUser(username: $name) { __typename ... on User { username } ... on Rejection { code } }
}
"""
ME = """
{ me { username blocked { username }
       following { user { username } online lastSeenAt playing { id ruleset } } } }
"""
OTHER = """
query P($name: String!) { player(username: $name) { blocked { username } following { online } } }
"""


@pytest.fixture
def people(postgres: dict[str, Any]) -> list[Any]:
    return [User.objects.create(username=n) for n in ("ana", "ben", "cat", "dan")]


def test_blocking_and_following_over_graphql(
    gql: GraphQLClient, people: list[Any], redis_url: str
) -> None:
    # given
    ana, ben, cat, dan = people
    token = token_create(user=ana)
    playing = services.match_create(user=cat, seats=2)
    assert isinstance(playing, MatchView)
    services.match_join(match_id=playing.id, user=dan)
    services.match_start(match_id=playing.id, user=cat)
    import redis

    redis.Redis.from_url(redis_url).set(seen_key(cat.pk), repr(time.time()))
    redis.Redis.from_url(redis_url).delete(seen_key(dan.pk))

    # when
    blocked = gql.data(BLOCK, {"name": "ben"}, token=token)["blockUser"]
    self_block = gql.data(BLOCK, {"name": "ana"}, token=token)["blockUser"]
    _, unknown = gql.call(BLOCK, {"name": "nobody"}, token=token)
    gql.data(FOLLOW, {"name": "cat"}, token=token)
    gql.data(FOLLOW, {"name": "dan"}, token=token)
    refused = gql.data(FOLLOW, {"name": "ana"}, token=token_create(user=ben))["followUser"]
    me = gql.data(ME, token=token)["me"]
    other = gql.data(OTHER, {"name": "ana"}, token=token_create(user=cat))["player"]
    gql.data(UNBLOCK, {"name": "ben"}, token=token)

    # then
    assert blocked == {"__typename": "User", "username": "ben"}
    assert self_block == {"__typename": "Rejection", "code": "NOT_ALLOWED"}
    assert unknown["errors"][0]["extensions"]["code"] == "NOT_FOUND"
    assert refused == {"__typename": "Rejection", "code": "NOT_ALLOWED"}  # ana blocked ben
    assert me["blocked"] == [{"username": "ben"}]
    friends = {f["user"]["username"]: f for f in me["following"]}
    assert friends["cat"]["online"] and friends["cat"]["lastSeenAt"]
    assert not friends["dan"]["online"] and friends["dan"]["lastSeenAt"] is None
    public = Match.objects.get(pk=playing.id).public_id
    assert friends["cat"]["playing"] == [{"id": public, "ruleset": "robbers"}]
    assert other == {"blocked": None, "following": None}  # only one's own
    assert social.blocked_users(user=ana) == []


def test_a_block_ends_the_blocked_players_follow(people: list[Any]) -> None:
    ana, ben, *_ = people
    social.follow_create(user=ben, username="ana")

    social.block_create(user=ana, username="ben")

    assert social.followed_users(user=ben) == []


def test_a_block_keeps_two_players_from_one_table_either_way(people: list[Any]) -> None:
    ana, ben, cat, _ = people
    social.block_create(user=ana, username="ben")
    mine = services.match_create(user=ana, seats=3)
    theirs = services.match_create(user=ben, seats=3)
    assert isinstance(mine, MatchView) and isinstance(theirs, MatchView)

    into_mine = services.match_join(match_id=mine.id, user=ben)
    into_theirs = services.match_join(match_id=theirs.id, user=ana)
    ok = services.match_join(match_id=mine.id, user=cat)

    assert isinstance(into_mine, Rejected) and into_mine.code == "NOT_ALLOWED"
    assert isinstance(into_theirs, Rejected) and into_theirs.code == "NOT_ALLOWED"
    assert isinstance(ok, MatchView)
    # the blocked player does not see the blocker's open match; others do
    seen_by_ben = {m.pk for m in selectors.open_matches(user=ben)[0]}
    seen_by_cat = {m.pk for m in selectors.open_matches(user=cat)[0]}
    assert mine.id not in seen_by_ben and theirs.id in seen_by_ben
    assert {mine.id, theirs.id} <= seen_by_cat


def test_matchmaking_never_seats_a_block(people: list[Any]) -> None:
    now = datetime(2030, 1, 1, tzinfo=UTC)

    def ticket(pk: int) -> Waiting:
        return Waiting(pk, pk, "robbers", 2, Tempo.LIVE, 0.0, now, now + timedelta(hours=1))

    apart = {frozenset((1, 2))}

    tables = form_tables([ticket(1), ticket(2), ticket(3)], now, apart)

    assert [sorted(t.user_id for t in table.tickets) for table in tables] == [[1, 3]]


def challenge(challenger: Any, name: str, **settings: Any) -> Challenge:
    made = challenges.challenge_create(user=challenger, username=name, **settings)
    assert isinstance(made, Challenge), made
    return made


def test_an_accepted_challenge_is_the_match_with_both_seated(
    people: list[Any], django_capture_on_commit_callbacks: Any, user_events: UserEvents
) -> None:
    ana, ben, *_ = people

    with django_capture_on_commit_callbacks(execute=True):
        made = challenge(ana, "ben", options={"hand_size": 7}, turn_seconds=45)
    with django_capture_on_commit_callbacks(execute=True):
        accepted = challenges.challenge_accept(challenge_id=made.public_id, user=ben)
    again = challenges.challenge_accept(challenge_id=made.public_id, user=ben)

    assert isinstance(accepted, Challenge) and accepted.status == ChallengeStatus.ACCEPTED
    match = accepted.match
    assert match is not None and match.status == MatchStatus.ACTIVE
    assert (match.turn_seconds, match.options) == (45, {"hand_size": 7})
    seated = list(
        Seat.objects.filter(match=match).order_by("index").values_list("user_id", flat=True)
    )
    assert seated == [ana.pk, ben.pk]
    assert isinstance(again, Rejected) and again.code == ChallengeCode.CHALLENGE_CLOSED
    sent = user_events.take()  # as Redis carried them to each user's myEvents
    kinds = [(u, e["type"]) for u, e in sent]
    assert (ben.pk, "CHALLENGE_RECEIVED") in kinds and (ana.pk, "CHALLENGE_ACCEPTED") in kinds
    assert (ana.pk, "MATCH_STARTED") in kinds and (ben.pk, "MATCH_STARTED") in kinds
    received = next(e for u, e in sent if e["type"] == "CHALLENGE_RECEIVED")
    assert received["payload"]["challenger"]["username"] == "ana"


def test_a_challenge_is_an_invited_notice_pushed_as_the_players_settings_say(
    people: list[Any],
) -> None:
    # given: ben, cat and dan each with a phone; cat turned invitations off, dan is in
    # his quiet hours (an hour either side of now, UTC)
    ana, ben, cat, dan = people
    phones = {
        u.pk: devices.add_device(user=u, platform="ANDROID", token=f"fcm-{u}") for u in people
    }
    devices.set_settings(user=cat, push={INVITED: False})
    now = timezone.now()
    quiet = (
        (now - timedelta(hours=1)).strftime("%H:%M"),
        (now + timedelta(hours=1)).strftime("%H:%M"),
    )
    devices.set_settings(user=dan, quiet_hours=quiet, time_zone="UTC")

    # when: ana challenges each of them
    made = {u.pk: challenge(ana, u.username) for u in (ben, cat, dan)}

    # then: each gets one INVITED notice; ben's goes now, cat's is not pushed, dan's waits
    notices = {n.user_id: n for n in Notice.objects.filter(kind=INVITED)}
    assert set(notices) == {ben.pk, cat.pk, dan.pk}
    assert notices[ben.pk].key == f"INVITED:{made[ben.pk].public_id}"
    deliveries = {d.notice.user_id: d for d in Delivery.objects.select_related("notice")}
    assert deliveries[ben.pk].status == DeliveryStatus.QUEUED
    assert notices[cat.pk].skipped == "off" and cat.pk not in deliveries
    assert deliveries[dan.pk].status == DeliveryStatus.WAITING
    assert deliveries[dan.pk].not_before is not None and deliveries[dan.pk].not_before > now
    # and: the push names the challenger and the ruleset, in the device's language
    device = PushDevice(user=ben, platform="WEB", locale="es-AR")
    notice = notices[ben.pk]
    message = compose.message(notice, compose.about(notice), device, Prefs(), timezone.now())
    assert (message.title, message.body) == (
        "ana te invita a jugar",
        "Robbers' Rummy: acepta o rechaza.",
    )
    assert message.url == "/#/friends" and message.collapse_key == "INVITED"
    assert phones[ana.pk].pk not in {d.device_id for d in deliveries.values()}


def test_declined_withdrawn_and_expired_challenges(people: list[Any]) -> None:
    ana, ben, cat, _ = people
    declined = challenge(ana, "ben")
    withdrawn = challenge(ana, "cat")
    late = challenge(ben, "cat")

    no = challenges.challenge_decline(challenge_id=declined.public_id, user=ben)
    not_mine = challenges.challenge_decline(challenge_id=withdrawn.public_id, user=ana)
    cancel = challenges.challenge_cancel(challenge_id=withdrawn.public_id, user=ana)
    Challenge.objects.filter(pk=late.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    too_late = challenges.challenge_accept(challenge_id=late.public_id, user=cat)
    swept = challenges.challenges_expire(timezone.now() + timedelta(hours=1))

    assert isinstance(no, Challenge) and no.status == ChallengeStatus.DECLINED
    assert isinstance(not_mine, Rejected) and not_mine.code == "NOT_ALLOWED"
    assert isinstance(cancel, Challenge) and cancel.status == ChallengeStatus.CANCELLED
    assert isinstance(too_late, Rejected) and too_late.code == ChallengeCode.CHALLENGE_EXPIRED
    assert Challenge.objects.get(pk=late.pk).status == ChallengeStatus.EXPIRED
    assert swept == 0  # nothing else was pending
    assert not Match.objects.exists()
    with pytest.raises(challenges.ChallengeNotFound):
        challenges.challenge_accept(challenge_id=late.public_id, user=ana)  # not hers


def test_a_challenge_is_refused_across_a_block_and_for_bad_settings(people: list[Any]) -> None:
    ana, ben, *_ = people
    social.block_create(user=ben, username="ana")

    blocked = challenges.challenge_create(user=ana, username="ben")
    reverse = challenges.challenge_create(user=ben, username="ana")
    myself = challenges.challenge_create(user=ana, username="ana")
    ranked = challenges.challenge_create(
        user=ana, username="cat", ranked=True, options={"hand_size": 8}
    )
    clock = challenges.challenge_create(user=ana, username="cat", turn_seconds=1)

    for refused in (blocked, reverse, myself):
        assert isinstance(refused, Rejected) and refused.code == "NOT_ALLOWED"
    for refused in (ranked, clock):
        assert isinstance(refused, Rejected) and refused.code == "BAD_OPTION"
    assert not Challenge.objects.exists()


CHALLENGE = """
mutation C($name: String!) {
  challenge(username: $name, ruleset: "rummy", turnSeconds: 60) {
    __typename
    ... on Challenge { id status ruleset challenger { username } }
    ... on Rejection { code }
  }
}
"""
ACCEPT = """
mutation A($id: ID!) {
  acceptChallenge(id: $id) {
    __typename ... on Challenge { status match { status mySeat ruleset } } ... on Rejection { code }
  }
}
"""
NOTICES = """
subscription {
  myEvents {
    type matchId
    ... on ChallengeNotice { challenge { id status challenger { username } ruleset } }
  }
}
"""


async def open_socket(token: str) -> WebsocketCommunicator:
    from config.asgi import application

    ws = WebsocketCommunicator(application, "/graphql", subprotocols=["graphql-transport-ws"])
    connected, _ = await ws.connect()
    assert connected
    await ws.send_json_to(
        {"type": "connection_init", "payload": {"authorization": f"Bearer {token}"}}
    )
    assert (await ws.receive_json_from(timeout=10))["type"] == "connection_ack"
    return ws


@pytest.mark.django_db(transaction=True)
async def test_a_challenge_arrives_live_and_is_accepted_over_graphql(
    async_client: Any, redis_url: str
) -> None:
    # given: ben listens to his notices
    def setup() -> tuple[str, str, int]:
        ana = User.objects.create(username="ana")
        ben = User.objects.create(username="ben")
        return token_create(user=ana), token_create(user=ben), ben.pk

    ana_token, ben_token, ben_id = await database_sync_to_async(setup)()
    ws = await open_socket(ben_token)
    await ws.send_json_to({"id": "n", "type": "subscribe", "payload": {"query": NOTICES}})

    async def gql(query: str, token: str, **variables: Any) -> dict[str, Any]:
        response = await async_client.post(
            "/graphql",
            {"query": query, "variables": variables},
            content_type="application/json",
            headers={"Authorization": f"Bearer {token}"},
        )
        body: dict[str, Any] = response.json()
        assert not body.get("errors"), body
        return body["data"]

    # when: ana challenges (retried until the subscription is in place), ben accepts
    made = (await gql(CHALLENGE, ana_token, name="ben"))["challenge"]
    notice = (await ws.receive_json_from(timeout=10))["payload"]["data"]["myEvents"]
    # while it runs ben is online for his followers, under a key of its own (the one
    # T-TAKEOVER reads, seen_key, is a request's: a notices socket is not being at a match)
    import redis

    online = redis.Redis.from_url(redis_url).get(online_key(ben_id))
    accepted = (await gql(ACCEPT, ben_token, id=made["id"]))["acceptChallenge"]
    await ws.disconnect()

    # then
    assert made["status"] == "PENDING" and made["challenger"] == {"username": "ana"}
    assert notice["type"] == "CHALLENGE_RECEIVED"
    assert online is not None and abs(float(online) - time.time()) < 60
    assert notice["challenge"] == {
        "id": made["id"],
        "status": "PENDING",
        "challenger": {"username": "ana"},
        "ruleset": "rummy",
    }
    assert accepted == {
        "__typename": "Challenge",
        "status": "ACCEPTED",
        "match": {"status": "ACTIVE", "mySeat": 1, "ruleset": "rummy"},
    }
