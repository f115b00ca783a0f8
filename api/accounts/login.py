"""Accounts over GraphQL: register, login, logout, logoutEverywhere, changePassword and me.

Domain refusals (a taken username, a weak password, wrong credentials) are `Rejection`s;
a banned account logging in is a FORBIDDEN error and a throttled login a RATE_LIMITED
error with `extensions.retryAfter` (api.limits.LoginThrottle).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Annotated, Any

import strawberry
from asgiref.sync import sync_to_async
from django.conf import settings
from strawberry.types import Info

from accounts import services
from accounts.errors import AccountBanned, AccountError
from accounts.models import Token
from accounts.models import User as UserModel
from api.accounts.users import UserType
from api.auth import RequestContext, forbidden, get_token_id, get_user, require_user
from api.errors import rate_limited
from api.limits import LoginThrottle, ahit
from api.rejections import Rejection, rejection


@strawberry.type(description="A fresh bearer token and its user.")
class AuthPayload:
    token: str = strawberry.field(
        description="Send it as `Authorization: Bearer <token>`; shown only this once."
    )
    user: UserType
    expires_at: datetime


AuthResult = Annotated[AuthPayload | Rejection, strawberry.union("AuthResult")]


def _client(info: Info[Any, Any]) -> tuple[str, str]:
    """The user agent and address of the client, recorded with a new token."""
    context = info.context
    if not isinstance(context, RequestContext):
        return "", ""
    if context.transport == "http":
        agent = context.request.headers.get("User-Agent", "")
    else:
        headers: Iterable[tuple[bytes, bytes]] = context.request.scope.get("headers", ())
        agent = dict(headers).get(b"user-agent", b"").decode("latin-1")
    return agent, context.client_ip


def _issue(user: UserModel, info: Info[Any, Any]) -> AuthPayload:
    agent, ip = _client(info)
    raw = services.token_create(user=user, user_agent=agent, ip_address=ip or None)
    token = Token.objects.get(key_hash=services.token_hash(raw))
    return AuthPayload(token=raw, user=UserType.from_model(user), expires_at=token.expires_at)


def _account_rejection(exc: AccountError) -> Rejection:
    return rejection(exc.code, exc.message)


@strawberry.type
class AccountsQuery:
    @strawberry.field(description="The logged-in user; null without a (valid) token.")
    def me(self, info: Info[Any, Any]) -> UserType | None:
        user = get_user(info)
        return UserType.from_model(user) if user is not None else None


@strawberry.type
class AccountsMutation:
    @strawberry.mutation(description="Create an account and log it in.")
    async def register(
        self, info: Info[Any, Any], username: str, password: str, email: str | None = None
    ) -> AuthResult:
        # Argon2 hashing is the costliest thing an anonymous client can ask for: one
        # address gets a few registrations per window (issue 14), counted before hashing.
        context = info.context
        ip = context.client_ip if isinstance(context, RequestContext) else ""
        wait = await ahit("register-ip", ip, settings.RATE_LIMIT_REGISTRATIONS_IP)
        if wait is not None:
            raise rate_limited(f"Too many new accounts from your address: wait {wait} s.", wait)

        def run() -> AuthPayload | Rejection:
            try:
                user = services.user_register(username=username, password=password, email=email)
            except AccountError as exc:
                return _account_rejection(exc)
            return _issue(user, info)

        return await sync_to_async(run)()

    @strawberry.mutation(
        description=(
            "Exchange a username and password for a bearer token. Repeated failures for "
            "one username or from one address are refused for a while: RATE_LIMITED."
        )
    )
    async def login(self, info: Info[Any, Any], username: str, password: str) -> AuthResult:
        context = info.context
        ip = context.client_ip if isinstance(context, RequestContext) else ""

        def run() -> AuthPayload | Rejection:
            throttle = LoginThrottle(username, ip)
            wait = throttle.retry_after()
            if wait is not None:
                raise rate_limited(f"Too many failed logins: wait {wait} s.", wait)
            try:
                user = services.user_authenticate(username=username, password=password)
            except AccountBanned as exc:
                raise forbidden(exc.message) from None
            except AccountError as exc:
                throttle.failed()
                return _account_rejection(exc)
            throttle.succeeded()
            return _issue(user, info)

        return await sync_to_async(run)()

    @strawberry.mutation(description="Revoke the token this request was made with.")
    async def logout(self, info: Info[Any, Any]) -> bool:
        require_user(info)
        token_id = get_token_id(info)
        if token_id is None:  # logged in some other way (none exists yet)
            return False

        def run() -> bool:
            token = Token.objects.filter(pk=token_id).first()
            return token is not None and services.token_revoke(token=token)

        return await sync_to_async(run)()

    @strawberry.mutation(
        description=(
            "Revoke every token of this account (this one too) and close its websockets "
            "(4403): after a lost device or a leaked token. The number of tokens revoked."
        )
    )
    async def logout_everywhere(self, info: Info[Any, Any]) -> int:
        user = require_user(info)
        return await sync_to_async(services.tokens_revoke_all)(user=user)

    @strawberry.mutation(
        description=(
            "Change the password, proving the current one. Every token of the account is "
            "revoked and its websockets closed (4403), this one too; the answer carries a "
            "new token for this client. A wrong current password is BAD_CREDENTIALS and "
            "counts as a failed login (RATE_LIMITED after too many); a new one the "
            "validators refuse is BAD_INPUT with every reason."
        )
    )
    async def change_password(
        self, info: Info[Any, Any], current_password: str, new_password: str
    ) -> AuthResult:
        user = require_user(info)
        context = info.context
        ip = context.client_ip if isinstance(context, RequestContext) else ""

        def run() -> AuthPayload | Rejection:
            throttle = LoginThrottle(user.username, ip)
            wait = throttle.retry_after()
            if wait is not None:
                raise rate_limited(f"Too many failed logins: wait {wait} s.", wait)
            try:
                services.user_change_password(
                    user=user, old_password=current_password, new_password=new_password
                )
            except AccountError as exc:
                if exc.code == "BAD_CREDENTIALS":
                    throttle.failed()
                return _account_rejection(exc)
            throttle.succeeded()
            return _issue(user, info)

        return await sync_to_async(run)()
