"""Search without peeking (docs/python.md, "Search"): clone() is the exact copy, resample(seat,
seed) a table the seat cannot tell from the real one with its unseen cards shuffled anew; and
what an agent reads of any seat: observation, legal_mask over the fixed action list, returns,
information_state."""
import random

import numpy
import pytest

import inbetween

PRESETS = [p["name"] for p in inbetween.presets()]


def knobs(preset):
    return {} if preset == "threebetween" else {"deals": "3"}


def advance(table, rng, moves):
    for _ in range(moves):
        if table.over:
            return
        choices = table.legal()
        choice = choices[rng.randrange(len(choices))]
        table.apply(table.to_act, choice, amount=choice.get("min"))


def same_moves(a, b, rng, moves):
    """The same random choices on both tables; the events of each."""
    ea, eb = [], []
    for _ in range(moves):
        if a.over or b.over:
            break
        i = rng.randrange(len(a.legal()))
        ea.append(a.apply(a.to_act, i))
        eb.append(b.apply(b.to_act, i % len(b.legal())))
    return ea, eb


@pytest.mark.parametrize("preset", PRESETS)
def test_a_resampled_table_looks_the_same_to_every_seat_and_deals_other_cards(preset):
    table = inbetween.Table(preset, ["ann", "bob"], seed=8, set=knobs(preset))
    advance(table, random.Random(1), 3)
    assert not table.over
    differs = 0
    for seed in range(12):
        copy = table.resample(seed % 2, seed)
        for seat in (0, 1):
            assert copy.view(seat) == table.view(seat)
            assert copy.legal(seat) == table.legal(seat)
            assert (copy.observation(seat) == table.observation(seat)).all()
            assert copy.information_state(seat) == table.information_state(seat)
        assert copy.chance() == table.chance() and copy.returns() == table.returns()
        # The same seed resamples alike; the exact copy deals the real cards.
        again = table.resample(seed % 2, seed)
        a, b = same_moves(copy, again, random.Random(seed), 8)
        assert a == b
        real, exact = table.clone(), table.clone()
        r, e = same_moves(real, exact, random.Random(seed), 8)
        assert r == e
        mine, theirs = same_moves(table.clone(), table.resample(0, seed), random.Random(seed), 8)
        differs += mine != theirs
    assert differs >= 6, f"{preset}: resampled futures equal the real one {12 - differs} times in 12"


def test_a_resampled_table_has_no_log_and_leaves_the_real_one_alone():
    table = inbetween.Table("hoyle", ["ann", "bob"], seed=4)
    before, log = table.view(), table.log()
    copy = table.resample(0, 1)
    copy.apply(copy.to_act, 0)
    assert table.view() == before and table.log() == log
    with pytest.raises(inbetween.Refused) as refused:
        copy.log()
    assert refused.value.code == "resampled"
    with pytest.raises(inbetween.Refused):
        table.resample(0, -1)


def test_resampled_cards_are_the_unseen_ones():
    # Over many resamples, the next card's ranks come out at the chances chance() gives.
    table = inbetween.Table("hoyle", ["ann", "bob"], seed=11)
    counts = {}
    for seed in range(3000):
        copy = table.resample(0, seed)
        events = copy.apply(copy.to_act, 0)
        card = next(e["card"] for e in events if e["type"] in ("third_card", "post_dealt"))
        counts[card[:-1]] = counts.get(card[:-1], 0) + 1
    chance = {row["card"]: row["p"] for row in table.chance()}
    assert set(counts) <= set(chance)
    for rank, p in chance.items():
        assert abs(counts.get(rank, 0) / 3000 - p) < 0.03, (rank, counts.get(rank, 0), p)


@pytest.mark.parametrize("preset", PRESETS)
def test_observations_masks_and_returns_for_every_seat(preset):
    table = inbetween.Table(preset, ["ann", "bob", "cy"], seed=2, set=knobs(preset))
    env = inbetween.Env(preset, seat=0, opponents=["random", "random"], set=knobs(preset))
    n = table.action_count()
    assert n == env.action_count
    rng = random.Random(preset)
    for _ in range(60):
        if table.over:
            break
        for seat in range(3):
            obs, mask = table.observation(seat), table.legal_mask(seat)
            assert obs.dtype == numpy.float32 and obs.shape == (env.observation_size,)
            assert mask.dtype == numpy.bool_ and mask.shape == (n,)
            assert mask.any() or seat != table.to_act  # (a rebuy is open to a seat not to act)
            assert obs[0] == table.returns()[seat]
        assert (table.legal_mask() == table.legal_mask(table.to_act)).all()
        a = rng.choice(list(numpy.flatnonzero(table.legal_mask())))
        with pytest.raises(inbetween.Refused) as refused:
            table.apply_action(table.to_act, int(numpy.flatnonzero(~table.legal_mask())[0]))
        assert refused.value.code == "illegal_action"
        table.apply_action(table.to_act, a)
    assert len(table.returns()) == 3


def test_the_environments_observation_is_the_tables():
    env = inbetween.Env("red-dog", seat=1, opponents=["sensible"])
    obs, info = env.reset(seed=3)
    table = env.table()
    assert (table.observation(1) == obs).all() and (table.legal_mask(1) == info["legal_mask"]).all()
    assert table.returns()[1] == info["result"]


def test_win_chances_are_chances_from_the_seats_view_and_bad_input_is_refused():
    t = inbetween.Table("hoyle-3", ["ann", "bob", "cy"], seed=5)
    chances = t.win_chances(0, playouts=200, seed=3)
    assert len(chances) == 3
    assert abs(sum(c["chance"] for c in chances) - 1) < 1e-9
    for c in chances:
        assert 0 <= c["low"] <= c["chance"] <= c["high"] <= 1
    assert t.win_chances(0, playouts=200, seed=3) == chances
    moves = len(t.events())
    for bad in [dict(seat=7), dict(seat=0, playouts=0), dict(seat=0, bot="genius")]:
        with pytest.raises(inbetween.Refused):
            t.win_chances(**bad)
    assert len(t.events()) == moves


@pytest.mark.parametrize("preset", ["hoyle", "banker", "red-dog", "threebetween"])
def test_a_hint_at_three_seats_gives_each_seats_chance_and_each_choices(preset):
    """Issue 52: where there is no exact table the hint estimates by playouts: each seat's chance
    (summing to 1 but at Red Dog, where each plays against the house), each choice's, the best to win among the choices, and how it was estimated."""
    t = inbetween.Table(preset, ["ann", "bob", "cy"], seed=5)
    rng = random.Random(5)
    hints = 0
    while not t.over and hints < 4:
        hint = t.hint()
        seats = hint["win_chances"]
        assert [s["player"] for s in seats] == ["ann", "bob", "cy"]
        assert all(0 <= s["low"] <= s["chance"] <= s["high"] <= 1 for s in seats)
        # at Red Dog each player wins by ending ahead of the house, a win of its own: no sum
        if preset != "red-dog":
            assert sum(s["chance"] for s in seats) == pytest.approx(1.0)
        assert all(0 <= c["win_chance"] <= 1 for c in hint["choices"])
        assert hint["best_to_win"] in [c["action"] for c in hint["choices"]]
        assert hint["best_to_win_differs"] == (hint["best_to_win"] != hint["best"])
        assert hint["win_estimate"]["playouts"] >= 40 and hint["win_estimate"]["bot"] == "sensible"
        assert t.hint() == hint, "the same table gives the same hint"
        hints += 1
        choices = t.legal()
        i = rng.randrange(len(choices))
        t.apply(t.to_act, i, choices[i].get("min"))
    assert hints >= 1
