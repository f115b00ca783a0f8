"""``python -m bots arena`` (issue 28): deals played from every chair, win shares with
their Wilson intervals, decision times per level."""

from __future__ import annotations

import io
import math

import pytest

from bots import arena
from bots.__main__ import main as bots_main
from bots.levels import EASY, EXPERT, HARD


def test_each_deal_is_played_once_from_every_chair() -> None:
    options = arena.match_options("robbers", 4, 1, {})
    jobs = arena.jobs_for("robbers", options, EXPERT, HARD, 4, 6, "s", None)
    # 6 matches round up to two whole deals of four chairs.
    assert len(jobs) == 8
    for deal in range(2):
        chairs = [j.seats for j in jobs if j.seed == f"s:{deal}"]
        assert sorted(seats.index(EXPERT) for seats in chairs) == [0, 1, 2, 3]
        assert all(seats.count(HARD) == 3 for seats in chairs)
    heads_up = arena.jobs_for(
        "rummy", arena.match_options("rummy", 2, 1, {}), EXPERT, HARD, 2, 4, "t", None
    )
    assert [j.seats for j in heads_up] == [(EXPERT, HARD), (HARD, EXPERT)] * 2
    assert heads_up[0].options == {"players": 2, "rounds": 1, "match_format": "rounds"}


def test_wilson_interval_and_percentile() -> None:
    lo, hi = arena.wilson(65, 100)
    assert lo < 0.65 < hi and math.isclose(lo, 0.5525, abs_tol=1e-3)
    assert math.isclose(hi, 0.7364, abs_tol=1e-3)
    assert arena.wilson(0, 0) == (0.0, 1.0)
    assert arena.percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5) == 3.0
    assert arena.percentile(list(map(float, range(1, 101))), 0.99) == 99.0


def test_the_command_plays_and_prints_each_level() -> None:
    out = io.StringIO()
    status = arena.main(
        [
            "--preset",
            "rummy",
            "--seats",
            "2",
            "--a",
            "HARD",
            "--b",
            "EASY",
            "--games",
            "4",
            "--seed",
            "t",
            "--time-limit-ms",
            "50",
        ],
        out,
    )
    text = out.getvalue()
    assert status == 0, text
    rows = {line.split()[0]: line.split() for line in text.splitlines()[2:4]}
    assert set(rows) == {"HARD", "EASY"}
    # matches, and the two shares add up to all of them
    assert rows["HARD"][2] == rows["EASY"][2] == "4"
    assert float(rows["HARD"][3]) + float(rows["EASY"][3]) == pytest.approx(4.0)
    assert "illegal actions 0, unfinished matches 0" in text


def test_python_dash_m_bots_dispatches_and_explains(capsys: pytest.CaptureFixture[str]) -> None:
    assert bots_main(["--help"]) == 0
    assert "arena" in capsys.readouterr().out
    assert bots_main(["nonsense"]) == 2
    assert EASY.value == "easy"
