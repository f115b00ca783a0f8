"""Notices end to end: the real server (uvicorn), a real Celery worker, and push services
on loopback that speak the real protocols.

- Web Push: web-push-testing (npm), an RFC 8030 push service that checks the VAPID
  token and decrypts the payload, gets "your turn" when the player's turn starts while
  they are away from the match, and not while they watch it; its 410 deletes the device.
- FCM: the local fake (tests/server/push_fakes.py) answers 429 with ``Retry-After: 2``;
  the worker's task tries again no sooner, and once.
"""

from __future__ import annotations

import asyncio
import base64
import json
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric import ec

from matches.models import Delivery, Notice, PushDevice
from tests.conftest import LiveServer, start_asgi_server
from tests.e2e.conftest import DRAW, MATCH, MATCH_EVENTS, Client, in_db, new_match, register
from tests.server.game_workers import Processes, game_env
from tests.server.push_fakes import FakeFcm, free_port

pytestmark = pytest.mark.django_db(transaction=True)

HERE = Path(__file__).resolve().parent / "webpush"
WAIT = 60.0  # a bound on waiting, never an assertion about speed
ADD = """
mutation ($input: PushDeviceInput!) {
  addPushDevice(input: $input) { __typename ... on PushDevice { id } ... on Rejection { code } }
}
"""


def vapid_private_key() -> str:
    raw = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    return base64.urlsafe_b64encode(raw.to_bytes(32, "big")).decode().rstrip("=")


@pytest.fixture(scope="module")
def push_service() -> Iterator[str]:
    """web-push-testing on a free port of 127.0.0.1 (its URL)."""
    if shutil.which("node") is None:
        pytest.fail("the Web Push test needs node and npm (Debian: apt-get install nodejs npm)")
    if not (HERE / "node_modules" / ".package-lock.json").exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                       cwd=HERE, check=True, timeout=600)  # fmt: skip
    port = free_port()
    process = subprocess.Popen(
        ["node", "serve.cjs", str(port)], cwd=HERE,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://localhost:{port}"
    try:
        deadline = time.monotonic() + WAIT
        while True:
            try:
                if httpx.post(f"{url}/status", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert process.poll() is None, "web-push-testing exited"
            assert time.monotonic() < deadline, "web-push-testing did not start"
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def fcm() -> Iterator[FakeFcm]:
    with FakeFcm() as fake:
        yield fake


@pytest.fixture(scope="module")
def stack(
    postgres: dict[str, Any],
    redis_url: str,
    fcm: FakeFcm,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[LiveServer, Processes]]:
    """A worker on a queue of its own and a server queueing to it, both with the push
    settings: a VAPID key, local endpoints allowed, FCM at the fake."""
    workdir = tmp_path_factory.mktemp("notify")
    env = game_env(postgres, redis_url, f"notify-{uuid.uuid4().hex[:8]}", workdir / "mail")
    push_env = {
        "VAPID_PRIVATE_KEY": vapid_private_key(),
        "NOTIFY_ALLOW_LOCAL_ENDPOINTS": "1",
        "FCM_CREDENTIALS": json.dumps(fcm.service_account()),
        "FCM_ENDPOINT": fcm.url,
        "NOTIFY_DELAY_SECONDS": "2",
    }
    env.update(push_env)
    group = Processes(env, workdir)
    try:
        group.worker("worker", concurrency=2)
        names = ("GAME_TASK_QUEUE", "PRESENCE_HEARTBEAT_SECONDS", *push_env)
        with start_asgi_server(postgres, redis_url, **{k: env[k] for k in names}) as server:
            yield server, group
    finally:
        group.stop()


async def end_turn(client: Client, match_id: str) -> None:
    """The player on turn draws from the stock (in Robbers' Rummy that ends the turn)."""
    match = (await client.data(MATCH, id=match_id))["match"]
    result = await client.data(DRAW, id=match_id, turn=match["turn"]["number"], source="STOCK")
    assert result["draw"]["__typename"] == "Match", result


async def eventually(what: str, check: Any) -> Any:
    deadline = time.monotonic() + WAIT
    while True:
        value = await check()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.2)


def _notice(user_id: str, turn: int) -> tuple[str, str] | None:
    row = Notice.objects.filter(user_id=user_id, kind="YOUR_TURN", turn=turn).first()
    if row is None:
        return None
    delivery = Delivery.objects.filter(notice=row).first()
    return row.skipped, delivery.status if delivery else ""


async def test_web_push_reaches_the_player_away_not_the_one_watching(
    stack: tuple[LiveServer, Processes], push_service: str
) -> None:
    server, _ = stack
    players = [await register(server, "alice"), await register(server, "bob")]
    http = httpx.AsyncClient(base_url=push_service, timeout=10)
    try:
        match = await new_match(players[0], [players[1]])
        match_id = match["id"]
        # alice: on turn first; bob: the other one
        alice, bob = players[match["turn"]["seat"]], players[1 - match["turn"]["seat"]]

        # given: bob's browser subscribed with the server's key and registered
        key = (await bob.data("{ vapidPublicKey }"))["vapidPublicKey"]
        options = {"applicationServerKey": key, "userVisibleOnly": "true"}
        browser = (await http.post("/subscribe", json=options)).json()["data"]
        web = {"endpoint": browser["endpoint"], **browser["keys"]}
        added = await bob.data(ADD, input={"platform": "WEB", "webPush": web, "locale": "en"})
        assert added["addPushDevice"]["__typename"] == "PushDevice", added

        async def received() -> list[dict[str, Any]]:
            ask = {"clientHash": browser["clientHash"]}
            found = await http.post("/get-notifications", json=ask)
            messages = [json.loads(m) for m in found.json()["data"]["messages"]]
            return [m for m in messages if m["kind"] == "YOUR_TURN"]

        # when: alice ends her turn while bob is away
        await end_turn(alice, match_id)

        # then: bob's browser gets "your turn", decrypted, naming the public match id
        [push] = await eventually("the push", received)
        assert push["matchId"] == match_id and push["title"] == "Your turn"
        assert push["url"] == f"/#/match/{match_id}"
        assert push["opponents"] == alice.name and push["ruleset"] == "robbers"

        # when: bob watches the match, ends his turn, and alice ends hers
        socket = await bob.socket()
        sub = await socket.subscribe(MATCH_EVENTS, id=match_id)
        assert await socket.event(sub) is not None
        await end_turn(bob, match_id)
        await end_turn(alice, match_id)
        turn = (await bob.data(MATCH, id=match_id))["match"]["turn"]["number"]

        # then: the notice is kept back (and bob's browser got nothing new)
        told = await eventually("the notice", lambda: in_db(_notice, bob.user_id, turn))
        assert told == ("watching", "")
        assert len(await received()) == 1

        # when: bob's subscription expires at the push service and he leaves the page
        await socket.close()
        expired = await http.post(f"/expire-subscription/{browser['clientHash']}")
        assert expired.status_code == 200
        await end_turn(bob, match_id)
        await end_turn(alice, match_id)

        # then: the 410 deletes the device
        async def gone() -> bool:
            devices = PushDevice.objects.filter(user_id=bob.user_id)
            return not await in_db(devices.exists)

        await eventually("the device deleted", gone)
    finally:
        await http.aclose()
        for player in players:
            await player.close()


async def test_a_429_is_tried_again_after_its_retry_after_once(
    stack: tuple[LiveServer, Processes], fcm: FakeFcm
) -> None:
    server, _ = stack
    players = [await register(server, "carol"), await register(server, "dave")]
    token = f"fcm-{uuid.uuid4().hex}"
    try:
        match = await new_match(players[0], [players[1]])
        first, second = players[match["turn"]["seat"]], players[1 - match["turn"]["seat"]]
        # The device comes after the match started: its only notice is "your turn".
        await eventually("the start told", lambda: in_db(_started_told, second.user_id))
        fcm.registered.add(token)
        fcm.busy[token] = 1
        fcm.retry_after = "2"
        added = await second.data(ADD, input={"platform": "ANDROID", "token": token})
        assert added["addPushDevice"]["__typename"] == "PushDevice", added

        await end_turn(first, match["id"])

        async def sent() -> list[Any]:
            return [s for s in fcm.sent if s.body["token"] == token]

        [push] = await eventually("the push", sent)
        assert push.body["data"]["matchId"] == match["id"]
        assert push.body["data"]["kind"] == "YOUR_TURN"
        tries = [at for t, at in fcm.attempts if t == token]
        assert len(tries) == 2 and tries[1] - tries[0] >= 2.0  # the first got the 429
        rows = await in_db(lambda: list(Delivery.objects.filter(device__token=token)))
        assert [(r.status, r.attempts) for r in rows] == [("SENT", 2)]
    finally:
        for player in players:
            await player.close()


def _started_told(user_id: str) -> bool:
    return Notice.objects.filter(user_id=user_id, kind="MATCH_STARTED").exists()
