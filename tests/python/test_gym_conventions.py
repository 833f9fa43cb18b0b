"""Gymnasium's conventions, checked as Gymnasium's environment checker (gymnasium.utils.
env_checker) checks an environment, on Env and VectorEnv, and the spaces as Gymnasium's behave
(Gymnasium itself is not installed here: docs/python.md, "Gymnasium")."""
import inspect
import sys
import types

import numpy
import pytest

import inbetween


def check_space(space):
    assert isinstance(space, inbetween.Space)
    space.seed(3)
    a = [space.sample() for _ in range(5)]
    space.seed(3)
    b = [space.sample() for _ in range(5)]
    assert all(numpy.array_equal(x, y) for x, y in zip(a, b)), "a seeded space samples alike"
    assert all(space.contains(x) and x in space for x in a)


def check_env(env):
    """The checks of Gymnasium's env_checker.check_env that apply to these environments."""
    # The spaces.
    check_space(env.action_space)
    check_space(env.observation_space)
    assert env.render_mode is None or env.render_mode in env.metadata["render_modes"]
    # reset's signature: keywords seed and options, both defaulting to None.
    params = inspect.signature(env.reset).parameters
    assert params["seed"].kind == inspect.Parameter.KEYWORD_ONLY and params["seed"].default is None
    assert params["options"].kind == inspect.Parameter.KEYWORD_ONLY and params["options"].default is None
    # reset: (obs, info); obs in the space; a seed fixes obs and np_random; the seed is used.
    obs, info = env.reset(seed=123)
    assert isinstance(info, dict)
    assert env.observation_space.contains(obs) and obs.dtype == env.observation_space.dtype
    draw = env.np_random.random()
    obs2, _ = env.reset(seed=123)
    assert numpy.array_equal(obs, obs2) and env.np_random.random() == draw
    env.reset(seed=124)
    assert env.np_random.random() != draw
    obs3, _ = env.reset()  # unseeded after a seeded one: the environment's own stream, no error
    assert env.observation_space.contains(obs3)
    # step: the five-tuple and its types.
    obs, info = env.reset(seed=7)
    for _ in range(30):
        mask = info["legal_mask"]
        action = sample_legal(env, mask)
        assert env.action_space.contains(action)
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs) and not numpy.isnan(obs).any()
        assert isinstance(info, dict)
        if isinstance(env, inbetween.VectorEnv):
            assert reward.shape == terminated.shape == truncated.shape == (env.num_envs,)
            assert terminated.dtype == numpy.bool_ and truncated.dtype == numpy.bool_
        else:
            assert isinstance(reward, float) and isinstance(terminated, bool) and isinstance(truncated, bool)
            if terminated or truncated:
                obs, info = env.reset()
    # Determinism: the same seed and actions, the same steps.
    assert trajectory(env, 9) == trajectory(env, 9)
    # render and close.
    text = env.render()
    assert text is None or isinstance(text, str)
    env.close()
    env.close()  # closing twice is allowed


def sample_legal(env, mask):
    if isinstance(env, inbetween.VectorEnv):
        return env.action_space.sample(mask=tuple(m.astype(numpy.int8) for m in mask))
    return env.action_space.sample(mask=mask.astype(numpy.int8))


def trajectory(env, seed):
    obs, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    out = [obs.tolist()]
    for _ in range(20):
        step = env.step(sample_legal(env, info["legal_mask"]))
        obs, reward, terminated, truncated, info = step
        out.append((obs.tolist(), numpy.asarray(reward).tolist(), numpy.asarray(terminated).tolist()))
        if not isinstance(env, inbetween.VectorEnv) and (terminated or truncated):
            obs, info = env.reset()
    return out


@pytest.mark.parametrize("rules,opponents", [("hoyle", ["sensible"]), ("red-dog", ["cautious", "random"]), ("threebetween", ["sensible"])])
def test_env_passes_the_checks(rules, opponents):
    check_env(inbetween.Env(rules, opponents=opponents))
    check_env(inbetween.Env(rules, opponents=opponents, render_mode="ansi"))


def test_vector_env_passes_the_checks():
    env = inbetween.VectorEnv("hoyle", 4, opponents=["sensible"], seed=0, threads=2)
    check_env(env)
    assert env.metadata["autoreset_mode"] == "NextStep"
    assert env.single_action_space == inbetween.Discrete(env.action_count)
    assert env.observation_space.shape == (4, env.observation_size)


def test_render_ansi_shows_the_table():
    env = inbetween.Env("hoyle", opponents=["sensible"], render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "agent" in text and "bot1" in text and "bet" in text
    with pytest.raises(inbetween.Refused):
        inbetween.Env("hoyle", render_mode="human")


def test_discrete_behaves_as_gymnasiums():
    d = inbetween.Discrete(16)
    assert d.contains(3) and d.contains(numpy.int64(3)) and d.contains(numpy.array(3)) and d.contains(numpy.uint8(15))
    assert not d.contains(16) and not d.contains(-1) and not d.contains(3.0) and not d.contains(True) and not d.contains("3")
    assert d.sample().dtype == numpy.int64 and d.shape == () and d.dtype == numpy.int64
    assert d.sample(mask=numpy.zeros(16, dtype=numpy.int8)) == d.start  # nothing allowed: start
    only = numpy.zeros(16, dtype=numpy.int8)
    only[5] = 1
    assert all(d.sample(mask=only) == 5 for _ in range(10))
    for bad in (numpy.zeros(15, dtype=numpy.int8), numpy.zeros(16, dtype=numpy.float32), [1] * 16, numpy.full(16, 2, dtype=numpy.int8)):
        with pytest.raises(inbetween.Refused):
            d.sample(mask=bad)
    s = inbetween.Discrete(3, start=-1, seed=4)
    assert s.contains(-1) and s.contains(1) and not s.contains(2) and repr(s) == "Discrete(3, start=-1)"
    assert {int(s.sample()) for _ in range(100)} == {-1, 0, 1}
    assert inbetween.Discrete(4).seed(7) == [7]
    with pytest.raises(inbetween.Refused):
        inbetween.Discrete(0)


def test_box_behaves_as_gymnasiums():
    b = inbetween.Box(-1.0, 2.0, (3,), numpy.float32, seed=1)
    assert b.low.shape == (3,) and b.high.dtype == numpy.float32 and b.is_bounded()
    x = b.sample()
    assert x.dtype == numpy.float32 and b.contains(x) and (x >= -1).all() and (x <= 2).all()
    assert b.contains([0, 1, 2]) and not b.contains(numpy.array([0, 1, 3], dtype=numpy.float32))
    assert not b.contains(numpy.zeros(4, dtype=numpy.float32)) and not b.contains(numpy.zeros(3, dtype=numpy.float64))
    arrays = inbetween.Box(numpy.array([0.0, -numpy.inf]), numpy.array([1.0, 0.0]), dtype=numpy.float32)
    assert arrays.shape == (2,) and not arrays.is_bounded() and arrays.is_bounded("above")
    y = arrays.sample()
    assert 0 <= y[0] <= 1 and y[1] <= 0
    unbounded = inbetween.Box(-numpy.inf, numpy.inf, (4,), numpy.float32)
    assert unbounded.sample().shape == (4,)
    with pytest.raises(inbetween.Refused):
        unbounded.sample(mask=numpy.ones(4))
    with pytest.raises(inbetween.Refused):
        inbetween.Box(numpy.zeros(2), numpy.ones(3))
    with pytest.raises(inbetween.Refused):
        inbetween.Box(1.0, 0.0, (2,))


def test_registered_with_gymnasium_when_it_is_importable(monkeypatch):
    calls = []
    fake = types.SimpleNamespace(registry={}, register=lambda **kwargs: calls.append(kwargs))
    monkeypatch.setitem(sys.modules, "gymnasium", fake)
    assert inbetween._register_gymnasium()
    assert calls == [{"id": "inbetween/InBetween-v0", "entry_point": "inbetween:Env", "vector_entry_point": "inbetween:VectorEnv",
                      "kwargs": {"rules": "hoyle"}}]
    monkeypatch.setitem(sys.modules, "gymnasium", None)  # not importable
    assert not inbetween._register_gymnasium()
