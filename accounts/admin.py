"""Moderation: users (ban, unban), their tokens (revoke), and the audit of admin actions.

Every custom action is recorded as a Django `LogEntry` (who, when, on what, what was done),
readable under "Administration > Log entries".
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.models import LogEntry
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from accounts import services
from accounts.models import Block, Follow, Token, User


class BannedFilter(admin.SimpleListFilter):
    title = "ban"
    parameter_name = "banned"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "Banned"), ("no", "Not banned")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[User]) -> QuerySet[User]:
        if self.value() == "yes":
            return queryset.filter(banned_at__isnull=False)
        if self.value() == "no":
            return queryset.filter(banned_at__isnull=True)
        return queryset


@admin.register(User)
class UserAdmin(DjangoUserAdmin):  # type: ignore[type-arg]  # generic in django-stubs only
    list_display = ("username", "email", "date_joined", "last_login", "is_staff", "banned")
    list_filter = (BannedFilter, "is_staff", "is_superuser", "is_active")
    readonly_fields = ("banned_at", "last_login", "date_joined")
    fieldsets = (
        *(DjangoUserAdmin.fieldsets or ()),
        ("Moderation", {"fields": ("banned_at", "ban_reason")}),
    )
    actions = ("ban_users", "unban_users", "revoke_tokens")

    @admin.display(boolean=True, description="banned", ordering="banned_at")
    def banned(self, user: User) -> bool:
        return user.is_banned

    @admin.action(description="Ban the selected users (revokes their tokens at once)")
    def ban_users(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        banned = 0
        for user in queryset.order_by("pk"):
            if user.pk == request.user.pk:
                self.message_user(request, "You cannot ban yourself.", messages.ERROR)
                continue
            reason = f"banned by {request.user.get_username()} on {timezone.now():%Y-%m-%d}"
            if services.user_ban(user=user, reason=reason):
                self.log_change(request, user, "Banned (all tokens revoked).")
                banned += 1
        self.message_user(request, f"Banned {banned} user(s).", messages.SUCCESS)

    @admin.action(description="Unban the selected users")
    def unban_users(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        unbanned = 0
        for user in queryset.order_by("pk"):
            if services.user_unban(user=user):
                self.log_change(request, user, "Unbanned.")
                unbanned += 1
        self.message_user(request, f"Unbanned {unbanned} user(s).", messages.SUCCESS)

    @admin.action(description="Log the selected users out everywhere (revoke all tokens)")
    def revoke_tokens(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        total = 0
        for user in queryset.order_by("pk"):
            count = services.tokens_revoke_all(user=user)
            self.log_change(request, user, f"Revoked all tokens ({count}).")
            total += count
        self.message_user(request, f"Revoked {total} token(s).", messages.SUCCESS)


@admin.register(Token)
class TokenAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in django-stubs only
    """Tokens are issued only by logging in; here they can be seen and revoked."""

    list_display = ("id", "user", "created_at", "expires_at", "revoked_at", "last_used_at",
                    "ip_address", "user_agent")  # fmt: skip
    list_filter = ("revoked_at",)
    search_fields = ("user__username", "ip_address")
    list_select_related = ("user",)
    ordering = ("-created_at",)
    readonly_fields = ("user", "created_at", "expires_at", "revoked_at", "last_used_at",
                       "ip_address", "user_agent")  # fmt: skip
    exclude = ("key_hash",)
    actions = ("revoke",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Token | None = None) -> bool:
        # Viewing is allowed through the view permission; nothing is edited by hand.
        return False

    @admin.action(description="Revoke the selected tokens", permissions=["delete"])
    def revoke(self, request: HttpRequest, queryset: QuerySet[Token]) -> None:
        revoked = 0
        for token in queryset.select_related("user").order_by("pk"):
            if services.token_revoke(token=token):
                self.log_change(request, token.user, f"Revoked token {token.pk}.")
                revoked += 1
        self.message_user(request, f"Revoked {revoked} token(s).", messages.SUCCESS)


@admin.register(LogEntry)
class LogEntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in django-stubs only
    """The audit of admin actions: read-only."""

    list_display = ("action_time", "user", "content_type", "object_repr", "action_flag",
                    "change_message")  # fmt: skip
    list_filter = ("action_flag", "content_type")
    search_fields = ("object_repr", "change_message", "user__username")
    date_hierarchy = "action_time"
    list_select_related = ("user", "content_type")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: LogEntry | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: LogEntry | None = None) -> bool:
        return False


@admin.register(Block)
class BlockAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in django-stubs only
    """Who blocked whom (blockUser): for moderators reading a report."""

    list_display = ("created_at", "blocker", "blocked")
    search_fields = ("blocker__username", "blocked__username")
    list_select_related = ("blocker", "blocked")
    readonly_fields = ("blocker", "blocked", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Follow)
class FollowAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in django-stubs only
    list_display = ("created_at", "follower", "followed")
    search_fields = ("follower__username", "followed__username")
    list_select_related = ("follower", "followed")
    readonly_fields = ("follower", "followed", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
