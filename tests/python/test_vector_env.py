"""inbetween.VectorEnv (docs/python.md, "VectorEnv"): many tables stepped in C++ with numpy arrays
in and out, Gymnasium's next-step autoreset, the same episodes whatever the threads."""
import numpy
import pytest

import inbetween


def random_actions(rng, masks):
    return numpy.array([rng.choice(numpy.flatnonzero(m)) if m.any() else 0 for m in masks], dtype=numpy.int64)


def run(threads, steps=300, num_envs=7):
    env = inbetween.VectorEnv("hoyle", num_envs, opponents=["sensible"], seed=5, threads=threads)
    obs, info = env.reset(seed=21)
    rng = numpy.random.default_rng(0)
    trace = [obs.copy()]
    for _ in range(steps):
        obs, rewards, terminated, truncated, info = env.step(random_actions(rng, info["legal_mask"]))
        trace += [obs.copy(), rewards.copy(), terminated.copy(), info["legal_mask"].copy()]
    return trace


def test_the_arrays_and_next_step_autoreset_match_single_environments():
    n = 5
    venv = inbetween.VectorEnv("red-dog", n, opponents=["sensible"], seed=0, threads=2, set={"deals": "4"})
    envs = [inbetween.Env("red-dog", opponents=["sensible"], set={"deals": "4"}) for _ in range(n)]
    obs, info = venv.reset(seed=100)
    assert obs.shape == (n, venv.observation_size) and obs.dtype == numpy.float32
    assert info["legal_mask"].shape == (n, venv.action_count) and info["legal_mask"].dtype == numpy.bool_
    singles = [e.reset(seed=100 + i) for i, e in enumerate(envs)]
    for i in range(n):
        assert (singles[i][0] == obs[i]).all()
    rng = numpy.random.default_rng(3)
    ended = numpy.zeros(n, dtype=bool)
    autoresets = 0
    for _ in range(400):
        actions = random_actions(rng, info["legal_mask"])
        obs, rewards, terminated, truncated, info = venv.step(actions)
        assert rewards.dtype == numpy.float64 and terminated.dtype == numpy.bool_ and truncated.shape == (n,)
        for i, e in enumerate(envs):
            if ended[i]:
                # Next-step autoreset: this step dealt the next game; reward 0, both flags false.
                autoresets += 1
                assert rewards[i] == 0 and not terminated[i] and not truncated[i]
                assert info["legal_mask"][i].any()
                e.reset()
                continue
            o, r, te, tr, inf = e.step(int(actions[i]))
            assert (o == obs[i]).all() and r == rewards[i] and te == terminated[i] and tr == truncated[i]
            assert (inf["legal_mask"] == info["legal_mask"][i]).all()
        ended = terminated | truncated
    assert autoresets >= 3


def test_the_same_episodes_whatever_the_threads():
    one, two = run(1), run(2)
    assert len(one) == len(two) and all((a == b).all() for a, b in zip(one, two))


def test_an_illegal_action_is_refused_before_any_table_moves():
    env = inbetween.VectorEnv("hoyle", 3, seed=1, threads=2)
    obs, info = env.reset(seed=1)
    actions = random_actions(numpy.random.default_rng(0), info["legal_mask"])
    bad = actions.copy()
    bad[2] = int(numpy.flatnonzero(~info["legal_mask"][2])[0])
    with pytest.raises(inbetween.Refused) as refused:
        env.step(bad)
    assert refused.value.code == "illegal_action" and "table 2" in refused.value.message
    results = env.results()
    again, _, _, _, _ = env.step(actions)  # nothing moved: the first step is still to play
    assert results != env.results() or not (again == obs).all()
    for wrong in (actions[:2], actions.astype(numpy.float64), numpy.array([[0, 0, 0]])):
        with pytest.raises(inbetween.Refused) as refused:
            env.step(wrong)
        assert refused.value.code == "bad_request"


def test_bad_settings_are_refused():
    for kwargs in ({"num_envs": 0}, {"num_envs": 2, "threads": -1}, {"num_envs": 2, "seat": 4}, {"num_envs": 2, "rules": "nope"}):
        args = {"rules": "hoyle", **kwargs}
        with pytest.raises(inbetween.Refused):
            inbetween.VectorEnv(**args)
