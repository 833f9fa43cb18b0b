"""`inbetween.Env`: the Gymnasium-style environment's contract (docs/python.md)."""
import numpy
import pytest

import inbetween

CASES = [("hoyle", ["sensible", "random"], {"deals": "3"}),
         ("banker", ["random"], {"deals": "2"}),
         ("red-dog", ["cautious", "sensible"], {"deals": "6"}),
         ("threebetween", ["optimal"], {"spaces": "2"})]


@pytest.mark.parametrize("rules,opponents,knobs", CASES)
def test_the_contract_over_thousands_of_random_legal_steps(rules, opponents, knobs):
    env = inbetween.Env(rules, seat=1, opponents=opponents, set=knobs)
    size, n = env.observation_size, env.action_count
    assert env.observation_space.shape == (size,) and env.action_space.n == n
    obs, info = env.reset(seed=11)
    rng = numpy.random.default_rng(1)
    steps = episodes = 0
    episode_reward = 0.0
    while steps < 3000:
        assert obs.shape == (size,) and obs.dtype == numpy.float32 and env.observation_space.contains(obs)
        mask = info["legal_mask"]
        assert mask.dtype == numpy.bool_ and mask.shape == (n,) and mask.any()
        assert (mask == env.legal_mask()).all()
        action = int(rng.choice(numpy.flatnonzero(mask)))
        assert env.describe(action)
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        episode_reward += reward
        # The rewards so far add up to the seat's result: chips won less chips bought, or points.
        assert episode_reward == info["result"]
        assert not truncated
        if terminated:
            episodes += 1
            assert not info["legal_mask"].any()
            with pytest.raises(inbetween.Refused) as refused:
                env.step(0)
            assert refused.value.code == "game_over"
            obs, info = env.reset()
            episode_reward = 0.0
    assert episodes >= 2, f"{rules}: only {episodes} games in {steps} steps"


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = inbetween.Env("hoyle", opponents=["sensible"])
    obs, info = env.reset(seed=4)
    illegal = int(numpy.flatnonzero(~info["legal_mask"])[0])
    before = env.view()
    with pytest.raises(inbetween.Refused) as refused:
        env.step(illegal)
    assert refused.value.code == "illegal_action"
    assert env.view() == before and (env.legal_mask() == info["legal_mask"]).all()
    with pytest.raises(inbetween.Refused):
        env.step(env.action_count)


def test_a_seed_replays_the_same_episode_and_amount_slots_span_the_range():
    def run(seed):
        env = inbetween.Env("hoyle", opponents=["random", "sensible"], set={"deals": "2"})
        obs, info = env.reset(seed=seed)
        trace, done = [obs.tolist()], False
        while not done:
            mask = info["legal_mask"]
            action = int(numpy.flatnonzero(mask)[-1])  # the largest legal: the most an amount slot bets
            obs, reward, done, _, info = env.step(action)
            trace.append((action, reward, obs.tolist()))
        return trace
    assert run(5) == run(5)
    env = inbetween.Env("hoyle", opponents=["sensible"], amounts=4)
    _, info = env.reset(seed=2)
    while not any(env.describe(a).startswith("bet") for a in range(env.choice_slots, env.action_count)):
        _, _, _, _, info = env.step(int(numpy.flatnonzero(info["legal_mask"])[0]))
    choice = next(c for c in env.table().legal() if c["type"] == "bet")
    amounts = [env.describe(a) for a in range(env.choice_slots, env.action_count)]
    assert amounts[0] == f"bet {choice['min']}" and amounts[-1] == f"bet {choice['max']}"


def test_bad_settings_are_refused():
    with pytest.raises(inbetween.Refused) as refused:
        inbetween.Env("hoyle", seat=3, opponents=["sensible"])
    assert refused.value.code == "bad_seat"
    with pytest.raises(inbetween.Refused) as refused:
        inbetween.Env("hoyle", opponents=["no-such-bot"])
    assert refused.value.code == "bad_request"
