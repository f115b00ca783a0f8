"""The web client's notifications in chromium (tests/browser/push.mjs): the toggle
subscribes with the server's VAPID key and registers the browser; the service worker
shows a pushed notice (DevTools' ServiceWorker.deliverPushMessage) and a click on it
opens the match."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.browser.conftest import ARTIFACTS, CHROMIUM, ROOT
from tests.conftest import LiveServer


def test_push_toggle_service_worker_and_click(web_server: LiveServer) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    env = {
        "PATH": "/usr/bin:/bin:/usr/local/bin",
        "HOME": str(ARTIFACTS),
        "BASE_URL": str(web_server),
        "ARTIFACTS": str(ARTIFACTS),
        "CHROMIUM": CHROMIUM,
    }
    done = subprocess.run(
        ["node", str(Path(__file__).with_name("push.mjs"))],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{output}\n{web_server.log_text()[-3000:]}"
    assert "ok push:" in done.stdout, output
    assert (ARTIFACTS / "push.png").stat().st_size > 10_000
