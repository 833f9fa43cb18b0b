"""`import inbetween`: chance outcomes and the analyst's calls as Python data (docs/python.md)."""
import json
import os
import pathlib
import random
import subprocess
from fractions import Fraction

import pytest

import inbetween


def cli():
    """The `inbetween` executable beside the module's build folder (or INBETWEEN_EXECUTABLE, which tests/CMakeLists.txt sets)."""
    path = os.environ.get("INBETWEEN_EXECUTABLE") or str(pathlib.Path(inbetween.__file__).resolve().parent.parent / "inbetween")
    if not os.access(path, os.X_OK):
        pytest.skip(f"no inbetween executable at {path}")
    return path


def total(rows):
    return sum(Fraction(row["fraction"]) for row in rows)


@pytest.mark.parametrize("preset", [p["name"] for p in inbetween.presets()])
def test_the_next_cards_chances_are_exact_and_sum_to_one_all_game_long(preset):
    table = inbetween.Table(preset, ["ann", "bob"], seed=3, set={"deals": "3"} if preset != "threebetween" else {})
    rng = random.Random(preset)
    outcomes_seen = set()
    while not table.over:
        by_card, by_outcome = table.chance(), table.chance(by="outcome")
        assert by_card and total(by_card) == 1 and total(by_outcome) == 1
        assert abs(sum(row["p"] for row in by_card) - 1) < 1e-12
        assert all(Fraction(r["cards"], r["of"]) == Fraction(r["fraction"]) for r in by_card)
        assert sum(r["cards"] for r in by_outcome) == by_card[0]["of"]
        outcomes_seen |= {r["outcome"] for r in by_outcome}
        choices = table.legal()
        i = rng.randrange(len(choices))
        table.apply(table.to_act, i, rng.randint(choices[i]["min"], choices[i]["max"]) if "min" in choices[i] else None)
    assert table.chance() == []
    family = table.family
    assert outcomes_seen & ({"between", "outside"} if family != "threebetween" else {"fits", "limit"})


def test_a_bet_decisions_chances_are_odds_with_every_dealt_card_seen():
    # At bet decisions (no ace post, no reshuffle yet), chance(by="outcome") is what odds()
    # answers for those posts with every card dealt before them seen.
    table = inbetween.Table("hoyle", ["ann", "bob", "cy"], seed=9)
    compared = 0
    while not table.over and compared < 5:
        events = table.events()
        if any(e["type"] == "shuffled" and e["shuffle"] > 0 for e in events):
            break
        dealt = [e["card"] for e in events if e["type"] in ("draw_for_deal", "post_dealt", "third_card")]
        is_bet = any(c["type"] == "bet" for c in table.legal())
        if is_bet and not any(card[0] == "A" for card in dealt[-2:]):
            odds = inbetween.odds("hoyle", dealt[-2:], seen=dealt[:-2], pot=5, stack=5)
            if "outcomes" in odds:
                want = {r["outcome"]: r["fraction"] for r in odds["outcomes"] if r["cards"]}
                assert {r["outcome"]: r["fraction"] for r in table.chance(by="outcome")} == want
                compared += 1
        table.bot_move("sensible")
    assert compared >= 3


def test_simulate_equals_the_clis_json_for_the_same_seed():
    args = ["simulate", "--rules", "hoyle", "--players", "bot:sensible,bot:random,bot", "--games", "300", "--seed", "5",
            "--threads", "2", "--format", "json"]
    printed = json.loads(subprocess.run([cli(), *args], check=True, capture_output=True, text=True).stdout)
    ours = inbetween.simulate("hoyle", ["sensible", "random", "bot"], games=300, seed=5, threads=1)
    assert ours == printed
    assert ours["games"] == 300 and len(ours["seats"]) == 3


def test_simulate_with_knobs_and_a_sweep_matches_the_cli_too():
    args = ["simulate", "--rules", "red-dog", "--players", "bot:cautious,bot:sensible", "--games", "200", "--seed", "8",
            "--set", "deals=5", "--sweep", "decks=1,2", "--format", "json"]
    printed = json.loads(subprocess.run([cli(), *args], check=True, capture_output=True, text=True).stdout)
    ours = inbetween.simulate("red-dog", ["cautious", "sensible"], games=200, seed=8, set={"deals": 5}, sweep="decks=1,2")
    assert ours == printed and [row["value"] for row in ours] == ["1", "2"]


def test_simulate_refuses_what_the_cli_refuses():
    with pytest.raises(inbetween.Refused) as refused:
        inbetween.simulate("hoyle", ["sensible", "no-such-bot"], games=10)
    assert refused.value.code == "bad_request"
    with pytest.raises(inbetween.Refused) as refused:
        inbetween.simulate("no-such-rules", ["sensible", "sensible"], games=10)
    assert refused.value.code == "bad_rules"


def test_the_house_edge_is_an_exact_fraction_with_its_float():
    edge = inbetween.house_edge("red-dog")
    assert all(row["best_value"] >= row["stand_value"] for row in edge["spreads"])
    assert Fraction(edge["fraction"]) == Fraction(edge["numerator"], edge["denominator"])
    assert abs(float(Fraction(edge["fraction"])) - edge["house_edge"]) < 1e-15
    assert 0 < edge["house_edge"] < 0.1
    spreads = [row for row in edge["spreads"] if row["deals"]]
    assert abs(sum(r["p"] for r in spreads) + edge["p_pair"] + edge["p_consecutive"] - 1) < 1e-12
    # More decks: the enumeration changes with the shoe.
    assert inbetween.house_edge("red-dog", set={"decks": 1})["fraction"] != edge["fraction"]
    # Issue 22: the element of risk (per unit of all money bet, raises included), the standard
    # deviation per hand and the return table, whose contributions add up to the player's EV.
    returns = edge["returns"]
    assert abs(sum(r["p"] for r in returns) - 1) < 1e-12
    assert abs(sum(r["contribution"] for r in returns) - edge["player_ev"]) < 1e-12
    assert abs(edge["element_of_risk"] - edge["house_edge"] / (1 + edge["p_raise"])) < 1e-15
    assert float(Fraction(edge["element_of_risk_fraction"])) == pytest.approx(edge["element_of_risk"], abs=1e-15)
    variance = sum(r["p"] * r["net"] ** 2 for r in returns) - edge["player_ev"] ** 2
    assert edge["sd"] == pytest.approx(variance ** 0.5, abs=1e-12)
    assert returns[0]["hand_ends"] == "three_of_a_kind" and returns[0]["net"] == 11
    assert {r["spread"] for r in returns if r["hand_ends"] == "win" and r["raised"]} == set(range(7, 12))
    with pytest.raises(inbetween.Refused):
        inbetween.house_edge("hoyle")


def test_odds_for_pot_and_house_posts():
    o = inbetween.odds("hoyle", ["3S", "KD"], pot=30, stack=20)
    assert total(o["outcomes"]) == 1
    between = next(r for r in o["outcomes"] if r["outcome"] == "between")
    assert between["cards"] == 9 * 4 and between["of"] == 50
    assert 0 <= o["kelly_bet"] <= o["bet_limit"]["max"] == 20 and o["choices"][-1]["choice"] == "bet 20"
    # A choice's expected chips are its `value`, the word the protocol's hint uses.
    assert all(set(c) == {"choice", "value"} for c in o["choices"])
    assert o["best_value"] >= max(c["value"] for c in o["choices"]) - 1e-12
    seen = inbetween.odds("hoyle", ["3S", "KD"], seen=["5H", "6H"], pot=30, stack=20)
    assert next(r for r in seen["outcomes"] if r["outcome"] == "between")["cards"] == 34
    red = inbetween.odds("red-dog", ["5S", "JD"])
    assert red["spread"] == 5 and total(red["outcomes"]) == 1 and red["best"] in ("stand", "raise")
    stand, raised = (next(c["value"] for c in red["choices"] if c["choice"] == kind) for kind in ("stand", "raise"))
    assert raised == 2 * stand
    with pytest.raises(inbetween.Refused) as refused:
        inbetween.odds("hoyle", ["5S", "5S", "5S"])
    assert refused.value.code == "bad_odds"
    with pytest.raises(inbetween.Refused):
        inbetween.odds("hoyle", ["ZZ", "5S"])


def test_the_solvers_deal_table_adds_up():
    solved = inbetween.solve("threebetween", set={"spaces": 1})
    assert abs(sum(r["p"] for r in solved["pairs"]) - 1) < 1e-9
    assert abs(sum(r["p"] * r["value"] for r in solved["pairs"]) - solved["value"]) < 1e-9
    assert abs(sum(r["p"] * r["bust"] for r in solved["pairs"]) - solved["bust"]) < 1e-9
    assert {"pair", "p", "value", "best_play", "keep", "bust"} <= set(solved["pairs"][0])
    with pytest.raises(inbetween.Refused):
        inbetween.solve("hoyle")


def test_answers_are_plain_data_for_pandas():
    # Only dicts, lists, strings, numbers and booleans: what pandas.DataFrame and json take.
    for answer in (inbetween.house_edge()["spreads"], inbetween.odds("hoyle", ["3S", "KD"])["outcomes"],
                   inbetween.simulate("hoyle", ["sensible", "sensible"], games=20)["seats"]):
        assert isinstance(answer, list) and all(isinstance(row, dict) for row in answer)
        assert json.loads(json.dumps(answer)) == answer
