"""`import inbetween`: the runtime table through Python (docs/python.md)."""
import random

import pytest

import inbetween


def play_randomly(table, rng, limit=400):
    """Random legal moves until the game ends (or `limit` moves); returns the moves made."""
    made = 0
    while not table.over and made < limit:
        seat = table.to_act
        choices = table.legal()
        assert choices, f"seat {seat} is to act but has no choice"
        i = rng.randrange(len(choices))
        amount = rng.randint(choices[i]["min"], choices[i]["max"]) if "min" in choices[i] else None
        events = table.apply(seat, i, amount)
        assert isinstance(events, list) and events, "every move has events"
        made += 1
    return made


def test_presets_name_every_family():
    presets = inbetween.presets()
    families = {p["family"] for p in presets}
    assert {"pot", "house", "threebetween"} <= families
    assert "hoyle" in [p["name"] for p in presets]


@pytest.mark.parametrize("preset", [p["name"] for p in inbetween.presets()])
def test_a_random_game_of_every_preset_plays_to_its_end_and_replays(preset):
    rng = random.Random(preset)
    table = inbetween.Table(preset, ["ann", "bob", "cy"], seed=7, set={"deals": "4"} if preset != "threebetween" else {})
    assert table.to_act in (0, 1, 2)
    made = play_randomly(table, rng, limit=3000)
    assert table.over, f"{preset}: not over after {made} moves"
    assert table.to_act is None
    assert set(table.winners) <= {0, 1, 2}
    # The log replays to the same game.
    again = inbetween.Table.replay(table.log())
    assert again.over and again.view() == table.view() and again.moves == table.moves


def test_a_clone_goes_its_own_way():
    table = inbetween.Table("red-dog", ["ann", "bob"], seed=3)
    copy = table.clone()
    before = table.view()
    play_randomly(copy, random.Random(1), limit=5)
    assert table.view() == before
    assert copy.moves == 5 and table.moves == 0


def test_a_refusal_names_its_rule_and_changes_nothing():
    table = inbetween.Table("hoyle", ["ann", "bob"], seed=5)
    seat = table.to_act
    before, log = table.view(), table.log()
    with pytest.raises(inbetween.Refused) as refused:
        table.apply(1 - seat, {"type": "bet", "amount": 1})
    assert refused.value.code == "not_your_turn"
    with pytest.raises(inbetween.Refused) as refused:
        table.apply(seat, {"type": "raise"})
    assert refused.value.code == "raise_not_allowed"
    with pytest.raises(inbetween.Refused) as refused:
        table.apply(seat, 99)
    assert refused.value.code
    assert table.view() == before and table.log() == log
    with pytest.raises(inbetween.Refused) as refused:
        inbetween.Table("no-such-rules", ["ann", "bob"])
    assert refused.value.code == "bad_rules"


def test_protocol_actions_bots_and_hints():
    table = inbetween.Table("threebetween", ["ann", "bob"], seed=11, set={"spaces": "1"})
    action, events = table.bot_move("sensible")
    assert isinstance(action, dict) and action["type"]
    assert events
    hint = table.hint()
    assert hint["unit"] == "points" and hint["choices"]
    view = table.view(table.to_act)
    assert view["game"] == "threebetween"
    assert table.events(0)[0]["type"]
