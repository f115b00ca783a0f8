"""Who is asking: bearer-token authentication for HTTP and websockets.

HTTP: `Authorization: Bearer <token>` on every request; `api.views.GraphQLView` checks it
once per request, before any resolver runs. Websocket: the `connection_init` payload
`{"authorization": "Bearer <token>"}` is checked once, when the connection is set up
(`api.ws.GraphQLConsumer`); a bad token closes the socket with 4403. A websocket whose
token is revoked later (logout elsewhere, a ban) is closed by a channel-layer message.

Either way the outcome is stored on the context (`RequestContext`), so `get_user` and
`require_user` never touch the database and work in sync and async resolvers alike.
No token at all means an anonymous viewer; a token that was given but is refused is
remembered, so that `require_user` can say why (expired, revoked, banned).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from asgiref.sync import sync_to_async
from graphql import GraphQLError

from accounts.models import Token, User
from accounts.services import token_find

if TYPE_CHECKING:
    from strawberry.types import Info

AuthFailure = Literal["UNAUTHENTICATED", "FORBIDDEN"]


@dataclass
class AuthState:
    """The outcome of checking the credentials a request or connection came with."""

    user: User | None = None
    token_id: int | None = None
    failure: AuthFailure | None = None
    message: str = ""
    expires_at: datetime | None = None  # the token's; a websocket is closed then


@dataclass
class RequestContext:
    """`info.context` for every operation, over HTTP and over a websocket.

    `request` is the Django HttpRequest (HTTP) or the websocket consumer; `transport`
    says which. Item access (`info.context["request"]`) works as with strawberry's own
    context classes.
    """

    request: Any
    response: Any = None
    transport: Literal["http", "ws"] = "http"
    client_ip: str = ""
    auth: AuthState = field(default_factory=AuthState)
    connection_params: dict[str, object] | None = None

    @property
    def user(self) -> User | None:
        return self.auth.user

    @property
    def ws(self) -> Any:
        return self.request if self.transport == "ws" else None

    def __getitem__(self, key: str) -> Any:
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key, default)


def parse_authorization(value: object) -> tuple[str | None, str]:
    """The raw token in an `Authorization` value, or None and the reason it is unusable."""
    if not isinstance(value, str):
        return None, "The authorization must be a string: 'Bearer <token>'."
    scheme, _, raw = value.strip().partition(" ")
    if scheme.lower() != "bearer" or not raw.strip():
        return None, "The authorization must be 'Bearer <token>'."
    return raw.strip(), ""


def check_token(raw: str) -> AuthState:
    """Authenticate a raw token against the database (sync; see `acheck_token`)."""
    token: Token | None = token_find(raw=raw)
    if token is None:
        return AuthState(failure="UNAUTHENTICATED", message="Unknown token: log in again.")
    user = token.user
    if user.is_banned:
        return AuthState(failure="FORBIDDEN", message="This account is suspended.")
    if not token.is_valid() or not user.is_active:
        return AuthState(failure="UNAUTHENTICATED", message="The token has expired or was revoked.")
    return AuthState(user=user, token_id=token.pk, expires_at=token.expires_at)


async def acheck_token(raw: str) -> AuthState:
    return await sync_to_async(check_token)(raw)


def authenticate(authorization: object) -> AuthState:
    """The AuthState for an Authorization header or connection_init value (None:
    anonymous); sync, for code already in a thread (see `aauthenticate`)."""
    if authorization is None or authorization == "":
        return AuthState()
    raw, problem = parse_authorization(authorization)
    if raw is None:
        return AuthState(failure="UNAUTHENTICATED", message=problem)
    return check_token(raw)


async def aauthenticate(authorization: object) -> AuthState:
    """`authenticate` from async code: a thread hop only when there is a token to check."""
    if authorization is None or authorization == "":
        return AuthState()
    raw, problem = parse_authorization(authorization)
    if raw is None:
        return AuthState(failure="UNAUTHENTICATED", message=problem)
    return await acheck_token(raw)


def _state(info: Info[Any, Any]) -> AuthState:
    context = info.context
    auth = getattr(context, "auth", None)
    return auth if isinstance(auth, AuthState) else AuthState()


def unauthenticated(message: str = "Log in first: this needs a bearer token.") -> GraphQLError:
    return GraphQLError(message, extensions={"code": "UNAUTHENTICATED"})


def forbidden(message: str = "You may not do this.") -> GraphQLError:
    return GraphQLError(message, extensions={"code": "FORBIDDEN"})


def get_user(info: Info[Any, Any]) -> User | None:
    """The authenticated user, or None for an anonymous viewer or a refused token."""
    return _state(info).user


def require_user(info: Info[Any, Any]) -> User:
    """The authenticated user.

    Raises GraphQLError UNAUTHENTICATED (no token, or an unknown, expired or revoked
    one) or FORBIDDEN (a banned account).
    """
    state = _state(info)
    if state.user is not None:
        return state.user
    if state.failure == "FORBIDDEN":
        raise forbidden(state.message)
    raise unauthenticated(state.message or "Log in first: this needs a bearer token.")


def get_token_id(info: Info[Any, Any]) -> int | None:
    """The id of the token this request authenticated with (logout revokes it)."""
    return _state(info).token_id
