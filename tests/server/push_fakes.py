"""Local stand-ins for FCM HTTP v1 and APNs that check what the real services check and
answer with the real services' error shapes. Each keeps the requests it accepted.

- :class:`FakeFcm` (HTTP/1.1, as FCM also serves): the OAuth2 token endpoint of a service
  account (the RS256 JWT assertion, its issuer, audience and scope) and
  ``/v1/projects/<id>/messages:send`` (the bearer it issued, one target, string
  ``data``, an ``android.ttl`` duration, a priority); unknown tokens answer 404
  ``UNREGISTERED``, tokens in ``busy`` 429 ``QUOTA_EXCEEDED`` with ``Retry-After``.
- :class:`FakeApns` (HTTP/2 over TLS only, served by hypercorn): ``/3/device/<hex>`` with
  an ES256 provider token (signature, ``kid``, ``iss``, age), ``apns-topic``,
  ``apns-push-type``, ``apns-priority``, ``apns-expiration``, ``apns-collapse-id`` (64
  bytes at most), a JSON payload of 4 KB at most with an ``aps`` alert; tokens in
  ``unregistered`` answer 410 ``Unregistered``, a token that is not 64 hex digits 400
  ``BadDeviceToken``, tokens in ``busy`` 429 ``TooManyRequests`` with ``Retry-After``.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import re
import secrets
import socket
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import jwt
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID

FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging"
GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Received:
    headers: dict[str, str]
    body: dict[str, Any]
    path: str
    at: float = field(default_factory=time.monotonic)


# --- FCM -----------------------------------------------------------------------------------


def _fcm_error(code: int, status: str, message: str, fcm: str | None = None) -> dict[str, Any]:
    details: list[dict[str, Any]] = []
    if fcm:
        details.append(
            {"@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": fcm}
        )
    return {"error": {"code": code, "message": message, "status": status, "details": details}}


class FakeFcm:
    """FCM HTTP v1 and the service account's token endpoint, on 127.0.0.1."""

    def __init__(self, project: str = "rummy-test") -> None:
        self.project = project
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.client_email = f"pusher@{project}.iam.gserviceaccount.com"
        self.registered: set[str] = set()
        self.busy: dict[str, int] = {}  # token -> 429 answers still to give
        self.retry_after = "1"
        self.tokens_issued: set[str] = set()
        self.attempts: list[tuple[str, float]] = []  # (token, when) of every send
        self.sent: list[Received] = []
        self.refused: list[tuple[int, str]] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def reset(self) -> None:
        self.registered.clear()
        self.busy.clear()
        self.attempts.clear()
        self.sent.clear()
        self.refused.clear()
        self.retry_after = "1"

    def service_account(self) -> dict[str, str]:
        pem = self.key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ).decode()
        return {
            "type": "service_account",
            "project_id": self.project,
            "private_key_id": "key1",
            "private_key": pem,
            "client_email": self.client_email,
            "client_id": "1",
            "token_uri": f"{self.url}/token",
        }

    def __enter__(self) -> FakeFcm:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _answer(
                self, code: int, body: dict[str, Any], headers: dict[str, str] | None = None
            ) -> None:
                data = json.dumps(body).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json; charset=UTF-8")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
                if code >= 300:
                    fake.refused.append((code, json.dumps(body)))

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if self.path == "/token":
                    self._token(raw)
                else:
                    self._send(raw)

            def _token(self, raw: bytes) -> None:
                form = urllib.parse.parse_qs(raw.decode())
                if form.get("grant_type") != [GRANT]:
                    return self._answer(400, {"error": "unsupported_grant_type"})
                try:
                    claims = jwt.decode(
                        form["assertion"][0],
                        fake.key.public_key(),
                        algorithms=["RS256"],
                        # What Google's token endpoint wants, whatever its address.
                        audience="https://oauth2.googleapis.com/token",
                        issuer=fake.client_email,
                    )
                except (KeyError, jwt.PyJWTError) as exc:
                    return self._answer(
                        400, {"error": "invalid_grant", "error_description": str(exc)}
                    )
                if FCM_SCOPE not in str(claims.get("scope", "")).split():
                    return self._answer(400, {"error": "invalid_scope"})
                token = f"ya29.fake-{secrets.token_urlsafe(12)}"
                fake.tokens_issued.add(token)
                self._answer(
                    200, {"access_token": token, "expires_in": 3600, "token_type": "Bearer"}
                )

            def _send(self, raw: bytes) -> None:
                if self.path != f"/v1/projects/{fake.project}/messages:send":
                    return self._answer(404, _fcm_error(404, "NOT_FOUND", "no such project"))
                auth = self.headers.get("Authorization", "")
                if not auth.startswith("Bearer ") or auth[7:] not in fake.tokens_issued:
                    return self._answer(
                        401, _fcm_error(401, "UNAUTHENTICATED", "invalid authentication")
                    )
                try:
                    message = json.loads(raw)["message"]
                except (ValueError, KeyError, TypeError):
                    return self._answer(400, _fcm_error(400, "INVALID_ARGUMENT", "bad JSON"))
                problem = fcm_problem(message)
                if problem:
                    return self._answer(
                        400, _fcm_error(400, "INVALID_ARGUMENT", problem, "INVALID_ARGUMENT")
                    )
                token = message["token"]
                fake.attempts.append((token, time.monotonic()))
                if fake.busy.get(token, 0) > 0:
                    fake.busy[token] -= 1
                    return self._answer(
                        429,
                        _fcm_error(429, "RESOURCE_EXHAUSTED", "quota", "QUOTA_EXCEEDED"),
                        {"Retry-After": fake.retry_after},
                    )
                if token not in fake.registered:
                    return self._answer(
                        404,
                        _fcm_error(
                            404, "NOT_FOUND", "Requested entity was not found.", "UNREGISTERED"
                        ),
                    )
                fake.sent.append(Received(dict(self.headers.items()), message, self.path))
                name = f"projects/{fake.project}/messages/{secrets.token_hex(8)}"
                self._answer(200, {"name": name})

        return Handler


def fcm_problem(message: Any) -> str:
    """What the v1 API refuses in a message ("" when nothing)."""
    if not isinstance(message, dict):
        return "message is not an object"
    targets = [k for k in ("token", "topic", "condition") if message.get(k)]
    if len(targets) != 1:
        return "exactly one of token, topic, condition"
    data = message.get("data", {})
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        return "data must map strings to strings"
    note = message.get("notification", {})
    if not isinstance(note, dict) or not all(isinstance(v, str) for v in note.values()):
        return "notification title and body are strings"
    android = message.get("android", {})
    if android:
        if "ttl" in android and not re.fullmatch(r"\d+(\.\d{1,9})?s", str(android["ttl"])):
            return "android.ttl is a duration like 3.5s"
        if android.get("priority", "NORMAL") not in ("NORMAL", "HIGH"):
            return "android.priority is NORMAL or HIGH"
    apns = message.get("apns", {})
    if apns and not all(isinstance(v, str) for v in apns.get("headers", {}).values()):
        return "apns.headers are strings"
    return ""


# --- APNs ----------------------------------------------------------------------------------


def self_signed(host: str = "127.0.0.1") -> tuple[Path, Path]:
    """A certificate for ``host`` and its key, in files (the CA file is the certificate)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "fake apns")])
    now = datetime.datetime.now(datetime.UTC)
    import ipaddress

    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address(host))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    folder = Path(tempfile.mkdtemp(prefix="fake-apns-"))
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


class FakeApns:
    """APNs' provider API over HTTP/2 with TLS, on 127.0.0.1 (hypercorn in a thread)."""

    TEAM = "TEAM123456"
    KEY_ID = "KEY1234567"
    TOPIC = "org.example.rummy"

    def __init__(self) -> None:
        self.signing_key = ec.generate_private_key(ec.SECP256R1())
        self.port = free_port()
        self.url = f"https://127.0.0.1:{self.port}"
        self.cert, self.cert_key = self_signed()
        self.unregistered: set[str] = set()
        self.busy: dict[str, int] = {}
        self.retry_after = "1"
        self.sent: list[Received] = []
        self.refused: list[tuple[int, str]] = []
        self.versions: set[str] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._ready = threading.Event()

    def reset(self) -> None:
        self.unregistered.clear()
        self.busy.clear()
        self.sent.clear()
        self.refused.clear()
        self.versions.clear()
        self.retry_after = "1"

    def p8(self) -> str:
        return self.signing_key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ).decode()

    def __enter__(self) -> FakeApns:
        self._thread.start()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the fake APNs did not start")

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    def _serve(self) -> None:
        from hypercorn.asyncio import serve
        from hypercorn.config import Config

        config = Config()
        config.bind = [f"127.0.0.1:{self.port}"]
        config.certfile = str(self.cert)
        config.keyfile = str(self.cert_key)
        config.alpn_protocols = ["h2"]
        config.loglevel = "WARNING"
        config.accesslog = None
        config.graceful_timeout = 0.2  # clients keep their HTTP/2 connection open

        async def main() -> None:
            stop = asyncio.Event()

            async def watch() -> None:
                while not self._stop.is_set():
                    await asyncio.sleep(0.05)
                stop.set()

            watcher = asyncio.create_task(watch())
            await serve(self._app, config, shutdown_trigger=stop.wait)  # type: ignore[arg-type]
            watcher.cancel()

        asyncio.run(main())

    async def _app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
        self.versions.add(scope.get("http_version", ""))
        code, answer, extra = self._judge(scope, headers, body)
        data = json.dumps(answer).encode() if answer else b""
        response_headers = [(b"apns-id", secrets.token_hex(16).encode())]
        response_headers += [(k.encode(), v.encode()) for k, v in extra.items()]
        if data:
            response_headers.append((b"content-type", b"application/json"))
        await send({"type": "http.response.start", "status": code, "headers": response_headers})
        await send({"type": "http.response.body", "body": data})

    def _judge(
        self, scope: dict[str, Any], headers: dict[str, str], body: bytes
    ) -> tuple[int, dict[str, Any], dict[str, str]]:
        def no(code: int, reason: str, extra: dict[str, str] | None = None) -> Any:
            answer: dict[str, Any] = {"reason": reason}
            if code == 410:
                answer["timestamp"] = int(time.time() * 1000)
            self.refused.append((code, reason))
            return code, answer, extra or {}

        if scope.get("http_version") != "2":
            return no(400, "BadRequest: HTTP/2 only")
        match = re.fullmatch(r"/3/device/([^/]+)", scope["path"])
        if scope["method"] != "POST" or match is None:
            return no(405 if match else 404, "MethodNotAllowed" if match else "BadPath")
        token = match.group(1)
        auth = headers.get("authorization", "")
        if not auth.lower().startswith("bearer "):
            return no(403, "MissingProviderToken")
        try:
            unverified = jwt.get_unverified_header(auth[7:])
            claims = jwt.decode(
                auth[7:], self.signing_key.public_key(), algorithms=["ES256"],
                options={"require": ["iss", "iat"]},
            )  # fmt: skip
        except jwt.PyJWTError:
            return no(403, "InvalidProviderToken")
        if unverified.get("kid") != self.KEY_ID or claims.get("iss") != self.TEAM:
            return no(403, "InvalidProviderToken")
        if time.time() - float(claims["iat"]) > 3600:
            return no(403, "ExpiredProviderToken")
        if not headers.get("apns-topic"):
            return no(400, "MissingTopic")
        if headers["apns-topic"] != self.TOPIC:
            return no(400, "TopicDisallowed")
        push_type = headers.get("apns-push-type", "")
        if push_type not in ("alert", "background", "voip", "complication", "fileprovider", "mdm",
                             "liveactivity", "location", "pushtotalk"):  # fmt: skip
            return no(400, "InvalidPushType")
        if headers.get("apns-priority", "10") not in ("5", "10", "1"):
            return no(400, "BadPriority")
        if not headers.get("apns-expiration", "0").isdigit():
            return no(400, "BadExpirationDate")
        if len(headers.get("apns-collapse-id", "").encode()) > 64:
            return no(400, "BadCollapseId")
        if len(body) > 4096:
            return no(413, "PayloadTooLarge")
        try:
            payload = json.loads(body)
            aps = payload["aps"]
        except (ValueError, KeyError, TypeError):
            return no(400, "PayloadEmpty" if not body else "BadPayload")
        if push_type == "alert" and not aps.get("alert"):
            return no(400, "BadPayload: an alert push has aps.alert")
        if not re.fullmatch(r"[0-9a-fA-F]{64}", token):
            return no(400, "BadDeviceToken")
        if self.busy.get(token, 0) > 0:
            self.busy[token] -= 1
            return no(429, "TooManyRequests", {"retry-after": self.retry_after})
        if token in self.unregistered:
            return no(410, "Unregistered")
        self.sent.append(Received(headers, payload, scope["path"]))
        return 200, {}, {}
