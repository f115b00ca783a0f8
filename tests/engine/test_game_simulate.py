"""``python -m engine simulate``: whole matches with the built-in policy terminate in
every preset (stalemates, stock-outs, drawn hands)."""

from __future__ import annotations

import pytest

from engine.rules import ruleset
from engine.simulate import main, play_match


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("robbers", {"players": 4, "rounds": 1}),
        ("vatikan", {"players": 2, "rounds": 1, "discard_pile": True}),
        ("robbers", {"players": 3, "match_format": "outs", "outs_to_win": 1}),
        ("rummikub", {"players": 4}),
        ("rummikub", {"players": 2, "draw_two_river": True, "failed_manipulation_penalty": 3}),
        ("rummy", {"players": 2, "target_score": 40}),
        ("rummy", {"players": 4, "target_score": 40}),
    ],
)
def test_simulated_matches_end_with_an_outcome(name: str, options: dict[str, object]) -> None:
    run = play_match(ruleset(name, options), "sim", max_actions=20_000)
    assert run.state.outcome is not None
    assert run.policy_errors == 0
    assert run.rounds >= 1 and run.state.outcome.winners


def test_simulate_cli_prints_outcomes_and_timing(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--ruleset", "rummikub", "--players", "2", "--games", "2", "--seed", "1"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.count("game ") == 2 and "rounds/s" in out and "aborted 0" in out


def test_simulate_cli_bad_options_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--ruleset", "nope"]) == 2
    assert main(["--ruleset", "robbers", "--players", "9"]) == 2


def test_simulate_random_options_prints_how_many_finished(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["--ruleset", "all", "--random-options", "--games", "2", "--quiet"])
    out = capsys.readouterr().out
    assert status == 0
    for name in ("robbers", "vatikan", "rummikub", "rummy"):
        assert f"{name}, random options: 2 matches, finished 2," in out
