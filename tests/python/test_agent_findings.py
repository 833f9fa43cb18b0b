"""Issue 51's findings, each as the agent writer met it (docs/python.md): legal() entries that
apply() takes as they are, numpy integers, every bad seat or index refused with its code, hints
best first, reset's keywords, no step after truncation, the seed kept from the seats, rule files
read once, one refusal for a bad bot kind."""
import json
import random
import subprocess
import shutil

import numpy
import pytest

import inbetween

PRESETS = [p["name"] for p in inbetween.presets()]


def knobs(preset):
    return {} if preset == "threebetween" else {"deals": "3"}


@pytest.mark.parametrize("preset", PRESETS)
def test_every_legal_entry_goes_back_into_apply_as_it_is(preset):
    table = inbetween.Table(preset, ["ann", "bob"], seed=5, set=knobs(preset))
    rng = random.Random(preset)
    decisions = 0
    while not table.over and decisions < 150:
        seat = table.to_act
        choices = table.legal()
        assert choices == table.legal(seat)
        for i, choice in enumerate(choices):
            copy, by_index = table.clone(), table.clone()
            if "min" in choice:
                amount = rng.randint(choice["min"], choice["max"])
                events = copy.apply(seat, choice, amount=amount)
                assert events == by_index.apply(seat, i, amount)
            else:
                events = copy.apply(seat, choice)
                assert events == by_index.apply(seat, i)
            assert events and copy.view() == by_index.view()
        i = rng.randrange(len(choices))
        table.apply(seat, choices[i], amount=choices[i].get("min"))
        decisions += 1
    assert decisions > 0


def test_a_ranged_choice_needs_its_amount_and_names_the_call():
    table = inbetween.Table("hoyle", ["ann", "bob"], seed=42)
    bet = table.legal()[0]
    assert bet["type"] == "bet" and bet["min"] < bet["max"]
    before = table.view()
    with pytest.raises(inbetween.Refused) as refused:
        table.apply(table.to_act, bet)
    assert refused.value.code == "bad_action" and "amount=" in refused.value.message
    assert table.view() == before


def test_an_ace_call_from_legal_goes_into_apply():
    # Between the Sheets calls a first-post ace: find a first-post ace over seeds, then play both calls from legal().
    for seed in range(200):
        table = inbetween.Table("between-the-sheets", ["ann", "bob"], seed=seed)
        calls = [c for c in table.legal() if c["type"] == "call"]
        if calls:
            assert {c["ace"] for c in calls} == {"high", "low"}
            for call in calls:
                table.clone().apply(table.to_act, call)
            return
    pytest.fail("no ace to call in 200 deals")


def test_numpy_integers_are_taken_and_other_types_refused():
    table = inbetween.Table("hoyle", ["ann", "bob"], seed=42)
    seat = table.to_act
    copy = table.clone()
    events = table.apply(numpy.int64(seat), numpy.int32(0), amount=numpy.int16(2))
    assert events == copy.apply(seat, 0, 2)
    for bad in (1.5, "0", None):
        with pytest.raises(inbetween.Refused) as refused:
            table.clone().apply(table.to_act, bad)
        assert refused.value.code in ("bad_request", "bad_action")
    assert inbetween.Table("hoyle", ["ann", "bob"], seed=numpy.uint64(42)).view() == inbetween.Table("hoyle", ["ann", "bob"], seed=42).view()


@pytest.mark.parametrize("index", [-1, 7, 10**30])
def test_a_bad_index_is_refused_with_its_code_and_changes_nothing(index):
    table = inbetween.Table("hoyle", ["ann", "bob"], seed=42)
    before, log = table.view(), table.log()
    with pytest.raises(inbetween.Refused) as refused:
        table.apply(table.to_act, index)
    assert refused.value.code in ("bad_choice", "bad_request")
    with pytest.raises(inbetween.Refused) as refused:
        table.apply(1 - table.to_act, 0)
    assert refused.value.code == "not_your_turn"
    assert table.view() == before and table.log() == log


@pytest.mark.parametrize("seat", [7, -1, 2, numpy.int64(5)])
def test_every_call_refuses_a_seat_the_table_has_not(seat):
    table = inbetween.Table("red-dog", ["ann", "bob"], seed=3)
    calls = [lambda: table.legal(seat), lambda: table.view(seat), lambda: table.apply(seat, 0), lambda: table.observation(seat),
             lambda: table.legal_mask(seat), lambda: table.information_state(seat), lambda: table.resample(seat, 1),
             lambda: table.apply_action(seat, 0)]
    for call in calls:
        with pytest.raises(inbetween.Refused) as refused:
            call()
        assert refused.value.code == "bad_seat", call
    with pytest.raises(inbetween.Refused) as refused:
        inbetween.Env("hoyle", seat=3, opponents=["sensible"])
    assert refused.value.code == "bad_seat"


@pytest.mark.parametrize("preset", ["hoyle", "between-the-sheets", "red-dog", "threebetween"])
def test_a_hints_choices_are_best_first(preset):
    hints = 0
    for seed in range(12):
        table = inbetween.Table(preset, ["ann", "bob"], seed=seed, set=knobs(preset))
        rng = random.Random(seed)
        while not table.over and hints < 400:
            hint = table.hint()
            values = [c["value"] for c in hint["choices"]]
            assert values == sorted(values, reverse=True), hint
            assert hint["best"] == hint["choices"][0]["action"]
            hints += 1
            choices = table.legal()
            choice = choices[rng.randrange(len(choices))]
            table.apply(table.to_act, choice, amount=choice.get("min"))
    assert hints >= 50


def test_reset_takes_gymnasiums_keywords():
    env = inbetween.Env("hoyle", opponents=["sensible"])
    obs, info = env.reset(seed=1, options={})
    again, _ = env.reset(seed=1, options=None)
    assert (obs == again).all()
    with pytest.raises(inbetween.Refused) as refused:
        env.reset(seed=1, options={"deals": 3})
    assert refused.value.code == "bad_request"
    with pytest.raises(TypeError):
        env.reset(1)  # keywords only, as Gymnasium's


def test_a_step_after_truncation_is_refused_as_game_over():
    env = inbetween.Env("acey-deucey", opponents=["sensible"], max_moves=7)
    obs, info = env.reset(seed=3)
    truncated = terminated = False
    while not (truncated or terminated):
        obs, reward, terminated, truncated, info = env.step(int(numpy.flatnonzero(info["legal_mask"])[0]))
    assert truncated and not terminated
    assert not info["legal_mask"].any()
    with pytest.raises(inbetween.Refused) as refused:
        env.step(0)
    assert refused.value.code == "game_over"


def test_the_seed_stays_out_of_what_a_seat_reads_until_the_game_is_over():
    table = inbetween.Table("hoyle", ["ann", "bob"], set={"deals": "2"})  # the engine draws the seed
    seen = []
    while not table.over:
        assert "seed" not in table.log()[0]
        for seat in (0, 1):
            seen += [str(table.view(seat)), table.information_state(seat), str(table.legal(seat))]
        seen.append(str(table.events()))
        table.bot_move("random")
    seed = table.log()[0]["seed"]  # over: the log replays
    assert all(str(seed) not in text for text in seen)
    assert inbetween.Table.replay(table.log()).view() == table.view()
    # A seed the caller gave is its own: always in the log.
    assert inbetween.Table("hoyle", ["ann", "bob"], seed=9).log()[0]["seed"] == 9
    env = inbetween.Env("hoyle", opponents=["random"])
    obs, info = env.reset()
    assert "seed" not in info
    done = False
    while not done:
        assert "seed" not in info and "seed" not in env.table().log()[0]
        obs, reward, terminated, truncated, info = env.step(int(numpy.flatnonzero(info["legal_mask"])[0]))
        done = terminated or truncated
    assert isinstance(info["seed"], int)


def test_rule_files_are_read_once_per_process(tmp_path):
    path = tmp_path / "my-rules.toml"
    shutil.copy(inbetween_data() / "rules" / "hoyle.toml", path)
    first = inbetween.Table(str(path), ["ann", "bob"], seed=1)
    path.write_text("this is no rule file")
    again = inbetween.Table(str(path), ["ann", "bob"], seed=1)  # not read again
    assert again.view() == first.view()
    env = inbetween.Env(str(path), opponents=["sensible"])
    env.reset(seed=2)
    with pytest.raises(inbetween.Refused) as refused:
        inbetween.Table(str(tmp_path / "other.toml"), ["ann", "bob"])
    assert refused.value.code == "bad_rules"


def inbetween_data():
    import os
    import pathlib
    return pathlib.Path(os.environ.get("INBETWEEN_DATA") or pathlib.Path(__file__).resolve().parents[2])


def test_a_bad_bot_kind_is_the_same_refusal_everywhere():
    calls = [lambda: inbetween.Table("hoyle", ["ann", "bob"], seed=1).bot_move("no-such-bot"),
             lambda: inbetween.Env("hoyle", opponents=["no-such-bot"]),
             lambda: inbetween.VectorEnv("hoyle", 2, opponents=["no-such-bot"]),
             lambda: inbetween.simulate("hoyle", ["sensible", "no-such-bot"], games=10)]
    for call in calls:
        with pytest.raises(inbetween.Refused) as refused:
            call()
        assert refused.value.code == "bad_request" and "unknown bot kind" in refused.value.message


@pytest.mark.parametrize("seed", [2**63, 2**64 - 1])
def test_a_seed_over_two_to_the_63_deals_as_the_engine_deals_it(seed):
    # The engine takes seeds 0..2^64-1 and the Env draws its own from that range: Table and Env
    # take every one of them (Table(seed=info["seed"]) replays an Env's episode).
    from test_analysis import cli
    table = inbetween.Table("hoyle", ["ann", "bob"], seed=seed)
    new = json.dumps({"cmd": "new", "rules": "hoyle", "players": ["ann", "bob"], "seed": seed})
    printed = subprocess.run([cli(), "engine"], input=new + "\n" + '{"cmd":"log"}\n', check=True, capture_output=True, text=True).stdout
    logged = [json.loads(line) for line in printed.splitlines()][-1]
    assert table.log()[0]["seed"] == seed
    assert json.dumps(table.log(), sort_keys=True) == json.dumps(logged["log"], sort_keys=True)
    env = inbetween.Env("hoyle", opponents=["sensible"])
    assert env.reset(seed=numpy.uint64(seed))[0].tolist() == inbetween.Env("hoyle", opponents=["sensible"]).reset(seed=seed)[0].tolist()


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7"])
def test_a_seed_out_of_range_is_refused_by_table_and_env(seed):
    with pytest.raises(inbetween.Refused) as refused:
        inbetween.Table("hoyle", ["ann", "bob"], seed=seed)
    assert refused.value.code == "bad_request"
    with pytest.raises(inbetween.Refused) as refused:
        inbetween.Env("hoyle", opponents=["sensible"]).reset(seed=seed)
    assert refused.value.code == "bad_request"
