"""What ``matches`` tells the apps above it, without knowing them (a tournament's round
ends when its matches end): Django signals, sent after the commit that caused them.

- :data:`match_over` (``match_id``: the row's key; ``status``: FINISHED or ABORTED):
  a match ended, with a result or aborted. Sent once per match, after the commit of the
  move (or the abort) that ended it, by ``matches.store.publish``; receivers run in the
  process that ended it (a web request's thread, a worker task), so they only queue
  work (``tournaments.apps``). Sent with ``send_robust``: a failing receiver is
  logged, and the move stays stored and published.
"""

from __future__ import annotations

from django.dispatch import Signal

match_over = Signal()
