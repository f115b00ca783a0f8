"""Issue 13's browser tests (1)-(6) and issue 29's (the table as a game, every behaviour
with a hook played inside these scenarios' matches): a person's play through the web
client, in chromium, against the real server, worker, PostgreSQL and Redis. See
scenarios.mjs for each story; screenshots (desktop and 360 px, en/es/nl) are saved under
var/browser/."""

from __future__ import annotations

import pytest

from tests.browser.conftest import ARTIFACTS, PARALLEL_SCENARIOS, ScenarioRuns, run_scenario
from tests.conftest import LiveServer


@pytest.mark.parametrize("name", PARALLEL_SCENARIOS)
def test_scenario(scenario_runs: ScenarioRuns, name: str) -> None:
    line = scenario_runs.closing_line(name)
    assert line.startswith(f"ok {name}")
    assert (ARTIFACTS / f"{name}.png").stat().st_size > 10_000


@pytest.mark.usefixtures("beat")
def test_ranked_queue(web_server: LiveServer) -> None:
    """Join, see and leave the ranked queue; a match formed with a bot; resign; the rating
    before → after on the result; the leaderboard (scenarios.mjs `ranked`)."""
    line = run_scenario(web_server, "ranked")
    assert "rating" in line and "→" in line
    assert (ARTIFACTS / "ranked.png").stat().st_size > 10_000


def test_served_at_root(web_server: LiveServer) -> None:
    import httpx

    page = httpx.get(f"{web_server}/", timeout=10)
    assert page.status_code == 200
    assert '<div id="root">' in page.text
    script = page.text.split('src="')[1].split('"')[0]
    asset = httpx.get(f"{web_server}{script}", timeout=10)
    assert asset.status_code == 200 and "javascript" in asset.headers["content-type"]


def test_client_unit_tests(web_build: object) -> None:
    """The client's state logic (draft moves, card codes, event seqs) under Vitest."""
    import subprocess

    from tests.browser.conftest import ROOT

    done = subprocess.run(
        ["npx", "vitest", "run"], cwd=ROOT / "web", capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "passed" in done.stdout
