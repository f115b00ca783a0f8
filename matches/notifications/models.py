"""The rows of notifications: devices, a user's settings, each notice and its deliveries.

They belong to the ``matches`` app (``matches.models`` imports them, so Django registers
them there, and its migrations hold them); this module imports nothing of ``matches``,
so it stands at the very bottom of the floor plan.

A :class:`Notice` is one thing a user is told (their turn in a match, a match that
ended...), at most once: its ``key`` is unique per user. A :class:`Delivery` is that
notice on its way to one device, at most once too (unique per notice and device); its
``status`` says where it is. A notice is also an item of the user's next e-mail digest
while ``email_pending``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PushPlatform(models.TextChoices):
    ANDROID = "android", "Android (FCM)"
    IOS = "ios", "iOS (APNs, or FCM)"
    WEB = "web", "Web Push"


class PushDevice(models.Model):
    """Where a user's push notices go (``addPushDevice``; ``registerDevice``, deprecated).

    ``token`` is the FCM registration token, the APNs device token (hex), or the Web Push
    subscription's endpoint URL, which comes with its keys (``p256dh``, ``auth``). A
    token or endpoint is a secret of the user's device: it is never logged."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_devices"
    )
    # android, ios, web (registerDevice stored any short name; those get no push).
    platform = models.CharField(max_length=16)
    token = models.CharField(max_length=1024)
    p256dh = models.CharField(max_length=128, blank=True, default="")
    auth = models.CharField(max_length=64, blank=True, default="")
    locale = models.CharField(max_length=16, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    last_success_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["platform", "token"], name="pushdevice_unique_token")
        ]

    def __str__(self) -> str:
        return f"{self.platform} device {self.pk} of user {self.user_id}"


class NotificationSettings(models.Model):
    """A user's choices (``setNotificationSettings``); a user without a row has the
    defaults: every kind on, by push and in the digest, no quiet hours, UTC."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    # Kinds (matches.notifications.kinds) turned off, per channel.
    push_off = models.JSONField(default=list, blank=True)
    email_off = models.JSONField(default=list, blank=True)
    digest = models.BooleanField(default=True)
    # Quiet hours in the user's time zone (both set, or neither): non-urgent pushes wait.
    quiet_start = models.TimeField(null=True, blank=True)
    quiet_end = models.TimeField(null=True, blank=True)
    time_zone = models.CharField(max_length=64, default="UTC")
    # Push about a match even while the user watches it (default: only when away).
    while_watching = models.BooleanField(default=False)
    # en, es, nl; "" follows each device's locale.
    language = models.CharField(max_length=8, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "notification settings"

    def __str__(self) -> str:
        return f"notification settings of user {self.user_id}"


class Notice(models.Model):
    """One thing a user is told, once (``key`` is unique per user)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=24)
    key = models.CharField(max_length=120)
    match = models.ForeignKey(
        "matches.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    turn = models.PositiveIntegerField(null=True, blank=True)
    payload = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()
    # Why it was not pushed ("" when it was, or is on its way): watching, off, ...
    skipped = models.CharField(max_length=16, blank=True, default="")
    # An item for the next digest until one includes (or drops) it.
    email_pending = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="notice_once")]
        indexes = [
            models.Index(
                fields=["user", "created_at"],
                condition=models.Q(email_pending=True),
                name="notice_email_pending",
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} for user {self.user_id} ({self.key})"


class DeliveryStatus(models.TextChoices):
    WAITING = "WAITING", "waiting for the end of quiet hours"
    QUEUED = "QUEUED", "queued"
    SENDING = "SENDING", "being sent"
    RETRY = "RETRY", "to be retried"
    SENT = "SENT", "accepted by the push service"
    FAILED = "FAILED", "refused or given up"
    DROPPED = "DROPPED", "no longer true, or replaced by a newer notice"


class Delivery(models.Model):
    """A notice on its way to one device, at most once (unique per notice and device)."""

    notice = models.ForeignKey(Notice, on_delete=models.CASCADE, related_name="deliveries")
    device = models.ForeignKey(PushDevice, on_delete=models.CASCADE, related_name="deliveries")
    status = models.CharField(
        max_length=8, choices=DeliveryStatus.choices, default=DeliveryStatus.QUEUED
    )
    not_before = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "deliveries"
        constraints = [models.UniqueConstraint(fields=["notice", "device"], name="delivery_once")]
        indexes = [
            models.Index(
                fields=["not_before"],
                condition=models.Q(status="WAITING"),
                name="delivery_waiting",
            ),
            models.Index(fields=["device", "-created_at"], name="delivery_by_device"),
        ]

    def __str__(self) -> str:
        return f"{self.notice} to device {self.device_id}: {self.status}"


class Digest(models.Model):
    """An e-mail digest sent to a user (at most ``NOTIFY_DIGEST_PER_DAY`` a day)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    sent_at = models.DateTimeField(db_index=True)
    items = models.PositiveSmallIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["user", "-sent_at"], name="digest_by_user")]

    def __str__(self) -> str:
        return f"digest to user {self.user_id} at {self.sent_at}"
