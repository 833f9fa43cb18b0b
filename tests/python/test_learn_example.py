"""docs/examples/learn_hoyle.py (docs/python.md, "A learning agent"): the A2C example runs a few
updates, writes a learning curve of finite figures, its win rates are proportions, and a seed
gives the same curve. It needs Debian's python3-torch, which the README's test command installs:
without it this test fails, saying so, rather than skipping."""
import csv
import importlib.util
import math
import pathlib

import pytest

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "examples" / "learn_hoyle.py"
TINY = ["--updates", "4", "--eval-every", "2", "--envs", "8", "--steps", "8", "--eval-games", "60", "--seed", "3"]


def example():
    if importlib.util.find_spec("torch") is None:
        pytest.fail("PyTorch is missing: the learning example needs Debian's python3-torch "
                    "(apt-get install python3-torch; ./run installs it)", pytrace=False)
    spec = importlib.util.spec_from_file_location("learn_hoyle", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_few_updates_write_a_curve_of_finite_figures_and_proportions(tmp_path, capsys):
    out = tmp_path / "curve.csv"
    rows, baselines, _ = example().main(TINY + ["--set", "deals_per_dealer=2", "--csv", str(out)])
    printed = capsys.readouterr().out
    assert "baseline sensible bot in the learner's seat" in printed and "steps/s" in printed
    with open(out, newline="") as f:
        curve = list(csv.DictReader(f))
    assert [int(r["update"]) for r in curve] == [0, 2, 4] == [r[0] for r in rows]
    assert [int(r["steps"]) for r in curve] == [0, 2 * 64, 4 * 64]
    for r in curve:
        for name, value in r.items():
            if name == "train_chips" and r["update"] == "0":
                assert math.isnan(float(value))  # no training game has ended before the first update
                continue
            assert math.isfinite(float(value)), (name, value)
        for name in ("win", "random_actions_win", "random_bot_win", "sensible_bot_win", "optimal_bot_win"):
            assert 0.0 <= float(r[name]) <= 1.0, (name, r[name])
        assert float(r["chips_ci95"]) >= 0 and float(r["win_ci95"]) >= 0
    for b in baselines.values():
        assert 0.0 <= b["win"] <= 1.0 and math.isfinite(b["chips"])


def test_a_seed_gives_the_same_curve(capsys):
    module = example()
    first, _, _ = module.main(TINY)
    again, _, _ = module.main(TINY)
    drop_time = lambda rows: [r[:2] + r[3:] for r in rows]  # the seconds column aside
    assert repr(drop_time(first)) == repr(drop_time(again))
