"""Notifications in the admin: a user's devices (search by username) with their last
deliveries and statuses, a "send a test notification" action, and the settings.

A device's token or endpoint is not shown in full (it is a secret of the device): the
list shows its last characters.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from matches.notifications.dispatch import channel_for, send_test
from matches.notifications.models import Delivery, NotificationSettings, PushDevice

LAST_DELIVERIES = 20


class DeliveryInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Delivery
    extra = 0
    can_delete = False
    fields = ("created_at", "kind", "status", "attempts", "status_code", "error", "updated_at")
    readonly_fields = fields
    ordering = ("-created_at",)
    verbose_name_plural = f"last deliveries (newest first, {LAST_DELIVERIES} at most)"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Delivery]:
        rows = super().get_queryset(request).select_related("notice").order_by("-created_at")
        newest = list(rows.values_list("pk", flat=True)[:LAST_DELIVERIES])
        return rows.filter(pk__in=newest)

    @admin.display(description="kind")
    def kind(self, obj: Delivery) -> str:
        return obj.notice.kind

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(PushDevice)
class PushDeviceAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("id", "user", "platform", "token_end", "channel", "locale", "created_at",
                    "last_success_at", "last_status")  # fmt: skip
    list_filter = ("platform", "created_at", "last_success_at")
    search_fields = ("user__username", "=user__id")
    list_select_related = ("user",)
    fields = ("user", "platform", "token_end", "channel", "locale", "created_at", "updated_at",
              "last_success_at")  # fmt: skip
    readonly_fields = fields
    inlines = (DeliveryInline,)
    actions = ("send_test_notification",)

    @admin.display(description="token")
    def token_end(self, obj: PushDevice) -> str:
        return f"…{obj.token[-8:]}"

    @admin.display(description="channel")
    def channel(self, obj: PushDevice) -> str:
        channel = channel_for(obj)
        return channel.name if channel is not None else "none configured"

    @admin.display(description="last delivery")
    def last_status(self, obj: PushDevice) -> str:
        last = obj.deliveries.order_by("-created_at").first()
        if last is None:
            return "-"
        code = f" {last.status_code}" if last.status_code else ""
        return f"{last.status}{code}"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Send a test notification")
    def send_test_notification(self, request: HttpRequest, queryset: QuerySet[PushDevice]) -> None:
        for device in queryset:
            send_test(device)
            self.log_change(request, device, "sent a test notification")
        self.message_user(
            request,
            f"Queued a test notification to {queryset.count()} device(s); "
            "reload to see each delivery's status.",
            messages.SUCCESS,
        )


@admin.register(NotificationSettings)
class NotificationSettingsAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("user", "digest", "quiet_start", "quiet_end", "time_zone", "language",
                    "while_watching", "updated_at")  # fmt: skip
    search_fields = ("user__username",)
    list_select_related = ("user",)
    raw_id_fields = ("user",)
