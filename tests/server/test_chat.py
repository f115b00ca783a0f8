"""Table talk (issue 30): rooms, the 140-character line, the flood limit, quick messages
in ranked play until every player turns free chat on, per-match mutes, blocks, a
moderator's time-out and hidden lines, reports that carry the reported lines, the chat
in the replay; over GraphQL and the matchChat subscription (resumable with `after`)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.utils import timezone

from accounts import social
from accounts.models import User
from accounts.services import token_create
from matches import chat, services
from matches.errors import ChatCode, Rejected
from matches.models import ChatLine, ChatTimeout, Match, PlayerReport
from matches.selectors import MatchView
from tests.conftest import GraphQLClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(postgres: dict[str, Any]) -> list[Any]:
    return [User.objects.create(username=n) for n in ("ana", "ben", "cat", "dan")]


def started(players: list[Any], *, ranked: bool = False) -> Match:
    made = services.match_create(user=players[0], seats=len(players), ranked=ranked)
    assert isinstance(made, MatchView), made
    for p in players[1:]:
        assert isinstance(services.match_join(match_id=made.id, user=p), MatchView)
    assert isinstance(services.match_start(match_id=made.id, user=players[0]), MatchView)
    return Match.objects.get(pk=made.id)


def say(match: Match, user: Any, text: str | None = None, quick: str | None = None) -> ChatLine:
    line = chat.chat_send(match_id=match.pk, user=user, text=text, quick=quick)
    assert isinstance(line, ChatLine), line
    return line


def texts(match: Match, user: Any, after: int = 0) -> list[tuple[str | None, str | None]]:
    _, events = chat.chat_after(match_id=match.pk, user=user, after=after)
    return [(e["author"], e["text"]) for e in events if e["kind"] == "MESSAGE"]


def refused(match: Match, user: Any, **line: Any) -> str:
    result = chat.chat_send(match_id=match.pk, user=user, **line)
    assert isinstance(result, Rejected), result
    return str(result.code)


def test_players_and_spectators_talk_in_rooms_of_their_own(people: list[Any]) -> None:
    ana, ben, cat, _ = people
    match = started([ana, ben])

    say(match, ana, "good game to you")
    say(match, cat, "ana will win")  # a spectator

    assert texts(match, ben) == [("ana", "good game to you")]
    assert texts(match, cat) == [("ana", "good game to you"), ("cat", "ana will win")]
    assert texts(match, None) == texts(match, cat)  # anyone who sees the match
    rooms = dict(ChatLine.objects.filter(match=match).values_list("seq", "room"))
    assert rooms == {1: "PLAYERS", 2: "SPECTATORS"}

    services.match_abort(match_id=match.pk)  # over: the players read the spectators too
    assert texts(match, ben) == [("ana", "good game to you"), ("cat", "ana will win")]


def test_a_line_is_one_to_140_characters(people: list[Any]) -> None:
    ana, ben, *_ = people
    match = started([ana, ben])

    assert refused(match, ana, text="x" * 141) == ChatCode.LINE_TOO_LONG
    assert refused(match, ana, text="  \n ") == ChatCode.LINE_EMPTY
    line = say(match, ana, "  " + "y" * 140 + "  ")

    assert line.text == "y" * 140
    assert ChatLine.objects.filter(match=match).count() == 1


def test_the_flood_limit_holds_a_user_over_all_matches(people: list[Any], settings: Any) -> None:
    settings.CHAT_FLOOD_LINES = 3
    settings.CHAT_FLOOD_SECONDS = 10
    ana, ben, cat, _ = people
    one, two = started([ana, ben]), started([ana, cat])

    say(one, ana, "1")
    say(two, ana, "2")
    say(one, ana, "3")
    code = refused(two, ana, text="4")
    say(one, ben, "ben is not held")
    ChatLine.objects.filter(author=ana).update(created_at=timezone.now() - timedelta(seconds=11))
    say(two, ana, "later")

    assert code == ChatCode.CHAT_FLOOD


def test_ranked_tables_say_quick_lines_until_every_player_turns_free_chat_on(
    people: list[Any],
) -> None:
    ana, ben, cat, _ = people
    match = started([ana, ben], ranked=True)

    assert refused(match, ana, text="hello") == ChatCode.QUICK_CHAT_ONLY
    good_luck = say(match, ana, quick="GOOD_LUCK")
    say(match, cat, "spectators talk freely")
    half = chat.chat_set_free(match_id=match.pk, user=ana, on=True)
    still = refused(match, ben, text="hi")
    chat.chat_set_free(match_id=match.pk, user=ben, on=True)
    say(match, ben, "now we talk")
    spectator = chat.chat_set_free(match_id=match.pk, user=cat, on=True)

    assert (good_luck.text, good_luck.quick) == ("Good luck", "GOOD_LUCK")
    assert isinstance(half, chat.ChatState) and half.quick_only and half.free_chat_players == 1
    assert still == ChatCode.QUICK_CHAT_ONLY
    assert isinstance(spectator, Rejected) and spectator.code == "NOT_A_PLAYER"
    kinds = list(
        ChatLine.objects.filter(match=match).order_by("seq").values_list("kind", flat=True)
    )
    assert kinds == ["MESSAGE", "MESSAGE", "FREE_CHAT", "FREE_CHAT", "MESSAGE"]
    assert not chat.chat_state(match=match, user=ben).quick_only


def test_a_block_keeps_the_blocked_players_lines_from_the_blocker(people: list[Any]) -> None:
    ana, ben, cat, dan = people
    match = started([ana, ben, cat])
    social.block_create(user=ana, username="ben")

    say(match, ben, "you will lose")
    say(match, cat, "nice table")

    assert texts(match, ana) == [("cat", "nice table")]  # nothing of ben's
    assert texts(match, ben) == [("ben", "you will lose"), ("cat", "nice table")]  # his own
    assert ("ben", "you will lose") in texts(match, dan)  # a spectator


def test_a_player_mutes_one_player_or_everyone_in_one_match(people: list[Any]) -> None:
    ana, ben, cat, _ = people
    match = started([ana, ben])
    other = started([ana, cat])
    say(match, ben, "one")
    say(match, cat, "two")
    say(other, cat, "elsewhere")

    chat.chat_mute(match_id=match.pk, user=ana, username="cat", muted=True)
    muted_cat = texts(match, ana)
    state = chat.chat_mute(match_id=match.pk, user=ana, username=None, muted=True)
    muted_all = texts(match, ana)
    chat.chat_mute(match_id=match.pk, user=ana, username=None, muted=False)

    assert muted_cat == [("ben", "one")]
    assert state.muted_all and state.muted == ["cat"]
    assert muted_all == []
    assert texts(match, ana) == [("ben", "one")]
    assert texts(other, ana) == [("cat", "elsewhere")]  # only in that match


def test_a_moderators_time_out_and_hidden_line_and_a_report_with_its_lines(
    people: list[Any],
) -> None:
    ana, ben, _, _ = people
    moderator = User.objects.create(username="mod", is_staff=True)
    match = started([ana, ben])
    rude = say(match, ben, "something rude")
    say(match, ben, "and more")

    services.player_report(
        user=ana, username="ben", match_id=match.public_id, reason="ABUSE", text=None,
        lines=[rude.seq],
    )  # fmt: skip
    hidden = chat.chat_hide(match_id=match.pk, seq=rude.seq, by=moderator)
    again = chat.chat_hide(match_id=match.pk, seq=rude.seq, by=moderator)
    chat.chat_time_out(user=ben, minutes=15, by=moderator)
    code = refused(match, ben, text="let me speak")

    assert isinstance(hidden, ChatLine) and isinstance(again, Rejected)
    _, events = chat.chat_after(match_id=match.pk, user=ana)
    assert [(e["kind"], e.get("text"), e.get("targetSeq")) for e in events] == [
        ("MESSAGE", None, None),
        ("MESSAGE", "and more", None),
        ("HIDDEN", None, rude.seq),
    ]
    assert events[0]["hidden"]
    report = PlayerReport.objects.get()
    assert [(x["seq"], x["text"]) for x in report.lines] == [(rude.seq, "something rude")]
    assert code == ChatCode.CHAT_TIMED_OUT
    assert ChatTimeout.objects.get(user=ben).until > timezone.now() + timedelta(minutes=14)
    with pytest.raises(Exception, match="reported player"):
        services.player_report(
            user=ana, username="ben", match_id=match.public_id, reason="ABUSE", text=None,
            lines=[999],
        )  # fmt: skip


def test_the_replay_shows_the_chat_without_hidden_lines(people: list[Any]) -> None:
    ana, ben, cat, _ = people
    match = started([ana, ben])
    say(match, ana, "gl")
    gone = say(match, ben, "bad word")
    say(match, cat, "spectating")
    chat.chat_hide(match_id=match.pk, seq=gone.seq, by=None)
    services.match_abort(match_id=match.pk)

    lines = chat.chat_replay(Match.objects.get(pk=match.pk), ana)

    assert [(x["room"], x["text"]) for x in lines] == [
        ("PLAYERS", "gl"),
        ("SPECTATORS", "spectating"),
    ]


SEND = """
mutation Say($id: ID!, $text: String, $quick: QuickMessage) {
  sendChat(matchId: $id, text: $text, quick: $quick) {
    __typename
    ... on ChatMessage { seq room username text quick }
    ... on Rejection { code message }
  }
}
"""
LOG = """
query Log($id: ID!) {
  chat(matchId: $id) {
    lastSeq
    state { room quickOnly maxLength }
    events { seq type ... on ChatMessage { username text } }
  }
}
"""
REPLAY = "query R($id: ID!) { replay(matchId: $id) { chat { seq room username text } } }"


def test_chat_over_graphql(gql: GraphQLClient, people: list[Any]) -> None:
    ana, ben, *_ = people
    match = started([ana, ben], ranked=True)
    token = token_create(user=ana)

    quick = gql.data(SEND, {"id": match.public_id, "quick": "WELL_PLAYED"}, token=token)
    free = gql.data(SEND, {"id": match.public_id, "text": "hi"}, token=token)
    log = gql.data(LOG, {"id": match.public_id}, token=token)["chat"]
    _, both = gql.call(SEND, {"id": match.public_id, "text": "a", "quick": "OOPS"}, token=token)
    services.match_abort(match_id=match.pk)
    replay = gql.data(REPLAY, {"id": match.public_id}, token=token)["replay"]

    assert quick["sendChat"] == {
        "__typename": "ChatMessage",
        "seq": 1,
        "room": "PLAYERS",
        "username": "ana",
        "text": "Well played",
        "quick": "WELL_PLAYED",
    }
    assert free["sendChat"]["__typename"] == "Rejection"
    assert free["sendChat"]["code"] == "QUICK_CHAT_ONLY"
    assert log["state"] == {"room": "PLAYERS", "quickOnly": True, "maxLength": 140}
    assert log["lastSeq"] == 1 and log["events"][0]["text"] == "Well played"
    assert both["errors"][0]["extensions"]["code"] == "BAD_INPUT"
    assert [x["text"] for x in replay["chat"]] == ["Well played"]


MATCH_CHAT = """
subscription Chat($id: ID!, $after: Int) {
  matchChat(matchId: $id, after: $after) {
    seq type room
    ... on ChatMessage { username text hidden }
    ... on ChatLineHidden { hiddenSeq }
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
async def test_match_chat_resumes_after_a_seq_and_never_sends_a_blocked_line(
    redis_url: str,
) -> None:
    # given: ana blocked dan; two lines said before ana subscribes from seq 1
    def setup() -> tuple[Match, list[Any], str]:
        users = [User.objects.create(username=n) for n in ("ana", "ben", "dan")]
        match = started(users[:2])
        social.block_create(user=users[0], username="dan")
        say(match, users[1], "first")
        say(match, users[1], "second")
        return match, users, token_create(user=users[0])

    match, (_ana, ben, dan), token = await database_sync_to_async(setup)()
    ws = await open_socket(token)
    await ws.send_json_to(
        {"id": "c", "type": "subscribe",
         "payload": {"query": MATCH_CHAT, "variables": {"id": match.public_id, "after": 1}}}
    )  # fmt: skip
    replayed = (await ws.receive_json_from(timeout=10))["payload"]["data"]["matchChat"]

    # when: dan (blocked) speaks as a spectator, ben speaks, a moderator hides ben's line
    def live() -> None:
        say(match, dan, "spam from dan")
        line = say(match, ben, "third")
        chat.chat_hide(match_id=match.pk, seq=line.seq, by=None)

    await database_sync_to_async(live)()
    got = [
        (await ws.receive_json_from(timeout=10))["payload"]["data"]["matchChat"] for _ in range(2)
    ]
    await ws.disconnect()

    # then
    assert (replayed["seq"], replayed["text"]) == (2, "second")
    assert [(e["seq"], e["type"]) for e in got] == [(4, "MESSAGE"), (5, "HIDDEN")]
    assert got[0]["text"] == "third" and got[1]["hiddenSeq"] == 4


def test_the_admin_hides_lines_and_times_authors_out_and_logs_it(
    admin_client: Client, people: list[Any], settings: Any
) -> None:
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    ana, ben, *_ = people
    match = started([ana, ben])
    line = say(match, ben, "offensive")

    listed = admin_client.get("/admin/matches/chatline/")
    admin_client.post(
        "/admin/matches/chatline/", {"action": "hide_lines", "_selected_action": [line.pk]}
    )
    admin_client.post(
        "/admin/matches/chatline/", {"action": "time_out_60", "_selected_action": [line.pk]}
    )

    assert listed.status_code == 200 and "offensive" in listed.content.decode()
    assert ChatLine.objects.get(pk=line.pk).hidden_at is not None
    timeout = ChatTimeout.objects.get(user=ben)
    assert timedelta(minutes=59) < timeout.until - timezone.now() <= timedelta(minutes=60)
    messages = list(LogEntry.objects.order_by("pk").values_list("change_message", flat=True))
    assert messages == [
        f"Hid line {line.seq} of match {match.pk}.",
        "Timed ben out of chat for 60 minutes.",
    ]
    assert admin_client.get("/admin/matches/chattimeout/").status_code == 200


@pytest.mark.django_db(transaction=True)
async def test_match_chat_of_a_private_match_delivers_live_lines(redis_url: str) -> None:
    # given: a private match of two; ana follows its chat
    def setup() -> tuple[Match, Any, str]:
        ana, ben = (User.objects.create(username=n) for n in ("ana", "ben"))
        made = services.match_create(user=ana, seats=2, private=True)
        assert isinstance(made, MatchView)
        match = Match.objects.get(pk=made.id)
        services.match_join(match_id=made.id, user=ben, invite_code=match.invite_code)
        services.match_start(match_id=made.id, user=ana)
        return match, ben, token_create(user=ana)

    match, ben, token = await database_sync_to_async(setup)()
    await database_sync_to_async(say)(match, ben, "stored")
    ws = await open_socket(token)
    await ws.send_json_to(
        {"id": "c", "type": "subscribe",
         "payload": {"query": MATCH_CHAT, "variables": {"id": match.public_id}}}
    )  # fmt: skip
    stored = (await ws.receive_json_from(timeout=10))["payload"]

    # when: ben speaks again, now that the subscription listens (it read the log)
    await database_sync_to_async(say)(match, ben, "only for us")
    got = (await ws.receive_json_from(timeout=10))["payload"]
    await ws.disconnect()

    # then: the live line came too (a private match: its players read it)
    assert stored["data"]["matchChat"]["text"] == "stored"
    assert not got.get("errors"), got
    assert got["data"]["matchChat"]["text"] == "only for us"
