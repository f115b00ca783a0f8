"""Notifications that reach the player: Web Push, FCM, APNs and e-mail digests.

A package of its own inside ``matches`` (DESIGN.md: a ``matches/`` concern behind
sender seams), on the package's floor plan like every module of it
(``matches.FLOORS``): its rows at the bottom (``models``), the rest under the services
(it reads matches and presence, and queues tasks by name), its tasks and admin among
the drivers. Nothing below it calls it: ``matches`` queues ``matches.notify`` and
``notifications.notify`` by name (``matches.queueing``).

- ``kinds``: the notices and how each travels (urgency, quiet hours, collapse key);
- ``texts``: what they say, in English, Spanish and Dutch;
- ``push``: the :class:`~matches.notifications.push.Message` a device gets and the
  channel seam; ``webpush``, ``fcm``, ``apns``: the channels (``endpoints`` guards the
  addresses Web Push posts to);
- ``preferences``: a user's settings, quiet hours; ``devices``: writing devices and
  settings for the API;
- ``compose``: a notice as one device's message, composed when it is sent;
- ``dispatch``: who is told what (at most once, the "away" rule, quiet hours), and the
  deliveries queued; ``delivery``: one send, retried or pruned; ``digest``: the
  e-mails; ``sweep``: the periodic work; ``metrics``: counts for ``/metrics``;
- ``tasks``, ``admin``, ``views``: the Celery tasks, the admin, the unsubscribe page.
"""
