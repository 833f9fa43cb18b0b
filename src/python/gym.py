# The Gymnasium conventions of `import inbetween` (docs/python.md, "The environment"): spaces
# that behave as Gymnasium's, and Env and VectorEnv over the C++ cores _Env and _VectorEnv. This
# file is run inside the module when it is imported (src/python/module.cpp), with _Env,
# _VectorEnv and Refused already there; Gymnasium itself is not needed.
import numpy as _np


def _rng(seed):
    """Gymnasium's seeding.np_random: a PCG64 generator from a SeedSequence, and its seed."""
    if seed is not None and not (isinstance(seed, (int, _np.integer)) and not isinstance(seed, bool) and seed >= 0):
        raise Refused("bad_request", f"seed={seed!r}: give a whole number from 0, or None")
    sequence = _np.random.SeedSequence(None if seed is None else int(seed))
    return _np.random.Generator(_np.random.PCG64(sequence)), sequence.entropy


def _whole(x):
    """x as a Python int when it is a Python or numpy integer (not a bool), else None."""
    if isinstance(x, (bool, _np.bool_)):
        return None
    if isinstance(x, (int, _np.integer)):
        return int(x)
    if isinstance(x, _np.ndarray) and x.shape == () and _np.issubdtype(x.dtype, _np.integer):
        return int(x)
    return None


class Space:
    """What Gymnasium's Space gives: shape, dtype, a seeded np_random, seed(), sample(), contains()."""

    def __init__(self, shape, dtype, seed=None):
        self._shape = None if shape is None else tuple(shape)
        self.dtype = None if dtype is None else _np.dtype(dtype)
        self._np_random = None
        if seed is not None:
            self.seed(seed)

    @property
    def shape(self):
        return self._shape

    @property
    def np_random(self):
        if self._np_random is None:
            self.seed()
        return self._np_random

    def seed(self, seed=None):
        """Seeds the space's own generator (sample()); returns [the seed used], as Gymnasium's."""
        self._np_random, used = _rng(seed)
        return [used]

    def __contains__(self, x):
        return self.contains(x)

    @property
    def is_np_flattenable(self):
        return True


class Discrete(Space):
    """Gymnasium's Discrete(n, seed=None, start=0): the whole numbers start .. start + n - 1."""

    def __init__(self, n, seed=None, start=0):
        n_, start_ = _whole(n), _whole(start)
        if n_ is None or n_ < 1 or start_ is None:
            raise Refused("bad_request", f"Discrete(n={n!r}, start={start!r}): n a whole number from 1, start a whole number")
        self.n, self.start = _np.int64(n_), _np.int64(start_)
        super().__init__((), _np.int64, seed)

    def sample(self, mask=None):
        """A random element; with `mask` (shape (n,), dtype int8 of 0 and 1, or bool) one the mask
        allows, and `start` when it allows none, as Gymnasium's."""
        if mask is None:
            return self.start + self.np_random.integers(self.n)
        if not isinstance(mask, _np.ndarray):
            raise Refused("bad_request", f"the mask must be a numpy array, not {type(mask).__name__}")
        if mask.dtype not in (_np.int8, _np.bool_):
            raise Refused("bad_request", f"the mask's dtype must be int8 (or bool), not {mask.dtype}")
        if mask.shape != (self.n,):
            raise Refused("bad_request", f"the mask's shape must be ({self.n},), not {mask.shape}")
        allowed = mask == 1
        if not _np.all(_np.logical_or(mask == 0, allowed)):
            raise Refused("bad_request", f"the mask's values must be 0 or 1, not {_np.unique(mask)}")
        if not allowed.any():
            return self.start
        return self.start + _np.int64(self.np_random.choice(_np.flatnonzero(allowed)))

    def contains(self, x):
        v = _whole(x)
        return v is not None and int(self.start) <= v < int(self.start + self.n)

    def __repr__(self):
        return f"Discrete({self.n})" if self.start == 0 else f"Discrete({self.n}, start={self.start})"

    def __eq__(self, other):
        return isinstance(other, Discrete) and self.n == other.n and self.start == other.start


class MultiDiscrete(Space):
    """Gymnasium's MultiDiscrete(nvec): one Discrete(nvec[i]) per entry (a VectorEnv's actions)."""

    def __init__(self, nvec, seed=None):
        self.nvec = _np.array(nvec, dtype=_np.int64)
        if self.nvec.ndim != 1 or (self.nvec < 1).any():
            raise Refused("bad_request", f"MultiDiscrete({nvec!r}): give counts from 1")
        self.start = _np.zeros_like(self.nvec)
        super().__init__(self.nvec.shape, _np.int64, seed)

    def sample(self, mask=None):
        """A random element; `mask`: a tuple of one Discrete mask per entry (or None for one)."""
        if mask is None:
            return (self.np_random.random(self.nvec.shape) * self.nvec).astype(self.dtype)
        if not isinstance(mask, tuple) or len(mask) != len(self.nvec):
            raise Refused("bad_request", f"the mask must be a tuple of {len(self.nvec)} masks")
        out = _np.empty(self.nvec.shape, dtype=self.dtype)
        for i, (n, m) in enumerate(zip(self.nvec, mask)):
            d = Discrete(int(n))
            d._np_random = self.np_random
            out[i] = d.sample(m)
        return out

    def contains(self, x):
        if isinstance(x, (list, tuple)):
            x = _np.array(x)
        if not isinstance(x, _np.ndarray) or x.shape != self.shape or not _np.issubdtype(x.dtype, _np.integer):
            return False
        return bool(((x >= 0) & (x < self.nvec)).all())

    def __repr__(self):
        return f"MultiDiscrete({self.nvec})"

    def __eq__(self, other):
        return isinstance(other, MultiDiscrete) and _np.array_equal(self.nvec, other.nvec)


class Box(Space):
    """Gymnasium's Box(low, high, shape=None, dtype=float32, seed=None): arrays of `shape` within
    [low, high] elementwise; `low` and `high` are scalars or arrays of that shape."""

    def __init__(self, low, high, shape=None, dtype=_np.float32, seed=None):
        dtype = _np.dtype(dtype)
        if shape is None:
            shape = next((_np.shape(b) for b in (low, high) if _np.ndim(b) > 0), None)
            if shape is None:
                raise Refused("bad_request", "Box: give a shape, or low or high as an array")
        shape = tuple(int(s) for s in shape)
        for name, bound in (("low", low), ("high", high)):
            if _np.ndim(bound) > 0 and _np.shape(bound) != shape:
                raise Refused("bad_request", f"Box: {name} has shape {_np.shape(bound)}, not {shape}")
        self.low = _np.full(shape, low, dtype=dtype)
        self.high = _np.full(shape, high, dtype=dtype)
        if (self.low > self.high).any():
            raise Refused("bad_request", "Box: low must not be above high")
        self.bounded_below = -_np.inf < self.low
        self.bounded_above = self.high < _np.inf
        super().__init__(shape, dtype, seed)

    def is_bounded(self, manner="both"):
        below, above = bool(self.bounded_below.all()), bool(self.bounded_above.all())
        return {"both": below and above, "below": below, "above": above}[manner]

    def sample(self, mask=None):
        """Uniform where bounded both ways, shifted exponential where bounded one way, normal where
        unbounded, as Gymnasium's."""
        if mask is not None:
            raise Refused("bad_request", "Box.sample takes no mask")
        rng, shape = self.np_random, self.shape
        high = self.high if self.dtype.kind == "f" else self.high.astype(_np.int64) + 1
        out = _np.empty(shape)
        unbounded = ~self.bounded_below & ~self.bounded_above
        upp = ~self.bounded_below & self.bounded_above
        low = self.bounded_below & ~self.bounded_above
        both = self.bounded_below & self.bounded_above
        out[unbounded] = rng.normal(size=unbounded[unbounded].shape)
        out[low] = rng.exponential(size=low[low].shape) + self.low[low]
        out[upp] = -rng.exponential(size=upp[upp].shape) + high[upp]
        out[both] = rng.uniform(low=self.low[both], high=high[both], size=both[both].shape)
        if self.dtype.kind in "iu":
            out = _np.floor(out)
        return out.astype(self.dtype)

    def contains(self, x):
        if not isinstance(x, _np.ndarray):
            try:
                x = _np.asarray(x, dtype=self.dtype)
            except (ValueError, TypeError):
                return False
        return bool(_np.can_cast(x.dtype, self.dtype) and x.shape == self.shape
                    and _np.all(x >= self.low) and _np.all(x <= self.high))

    def __repr__(self):
        low = self.low.min() if self.low.size else 0
        high = self.high.max() if self.high.size else 0
        return f"Box({low}, {high}, {self.shape}, {self.dtype})"

    def __eq__(self, other):
        return (isinstance(other, Box) and self.shape == other.shape and self.dtype == other.dtype
                and _np.array_equal(self.low, other.low) and _np.array_equal(self.high, other.high))


def _no_options(options):
    if options is not None and (not isinstance(options, dict) or options):
        raise Refused("bad_request", f"options={options!r}: these environments read no options (give None or {{}})")


class _ClosedOnExit:
    """`with env:` closes the environment at the block's end, as Gymnasium's do."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


class Env(_ClosedOnExit):
    """One seat is the agent's; the engine's bots play the others (docs/python.md, "The environment").
    Gymnasium's Env in every convention: reset(*, seed=None, options=None) -> (obs, info),
    step(action) -> (obs, reward, terminated, truncated, info), action_space, observation_space,
    np_random, metadata, render_mode ("ansi" or None), render(), close()."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}
    spec = None

    def __init__(self, rules, seat=0, opponents=("sensible",), set=None, amounts=8, max_moves=100000, render_mode=None):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise Refused("bad_request", f"render_mode={render_mode!r}: give None or one of {self.metadata['render_modes']}")
        self._core = _Env(rules, seat, list(opponents), dict(set or {}), amounts, max_moves)
        self.render_mode = render_mode
        self.action_space = Discrete(self._core.action_count)
        self.observation_space = Box(-_np.inf, _np.inf, (self._core.observation_size,), _np.float32)
        self._np_random = None
        self._pending_seed = None
        self.np_random_seed = None
        self.closed = False

    @property
    def np_random(self):
        """The environment's own generator (Gymnasium's): seeded by reset(seed=...), made when first
        asked for (a seeded reset costs no generator nobody reads)."""
        if self._np_random is None:
            self._np_random, self.np_random_seed = _rng(self._pending_seed)
            self._pending_seed = None
        return self._np_random

    @np_random.setter
    def np_random(self, value):
        self._np_random = value

    @property
    def unwrapped(self):
        return self

    def reset(self, *, seed=None, options=None):
        _no_options(options)
        if seed is not None:
            if _whole(seed) is None or seed < 0:
                raise Refused("bad_request", f"seed={seed!r}: give a whole number from 0, or None")
            self._np_random, self._pending_seed, self.np_random_seed = None, int(seed), int(seed)
        return self._core.reset(seed)

    def step(self, action):
        return self._core.step(action)

    def render(self):
        """The table in words for render_mode="ansi" (each seat's standing, who acts, the choices); None otherwise."""
        return self._core.render() if self.render_mode == "ansi" else None

    def close(self):
        self.closed = True

    def legal_mask(self):
        return self._core.legal_mask()

    def describe(self, action):
        return self._core.describe(int(action))

    def view(self):
        return self._core.view()

    def table(self):
        return self._core.table()

    action_count = property(lambda self: self._core.action_count)
    choice_slots = property(lambda self: self._core.choice_slots)
    observation_size = property(lambda self: self._core.observation_size)

    def __repr__(self):
        return f"<inbetween.Env {self.action_space} {self.observation_space}>"


class VectorEnv(_ClosedOnExit):
    """num_envs tables stepped in C++ on a pool of threads, with numpy arrays in and out
    (docs/python.md, "VectorEnv"): Gymnasium's VectorEnv conventions, autoreset "NextStep"."""

    metadata = {"autoreset_mode": "NextStep", "render_modes": []}
    spec = None
    render_mode = None

    def __init__(self, rules, num_envs, opponents=("sensible",), seed=None, threads=0, seat=0, set=None, amounts=8, max_moves=100000):
        n = _whole(num_envs)
        if n is None or n < 1:
            raise Refused("bad_request", f"num_envs={num_envs!r}: give a whole number from 1")
        if seed is None:
            seed = int(_np.random.SeedSequence().entropy) % (1 << 63)
        elif _whole(seed) is None or seed < 0:
            raise Refused("bad_request", f"seed={seed!r}: give a whole number from 0, or None")
        self._core = _VectorEnv(rules, n, list(opponents), int(seed), int(threads), int(seat), dict(set or {}), int(amounts), int(max_moves))
        self.num_envs = n
        self.single_action_space = Discrete(self._core.action_count)
        self.single_observation_space = Box(-_np.inf, _np.inf, (self._core.observation_size,), _np.float32)
        self.action_space = MultiDiscrete([self._core.action_count] * n)
        self.observation_space = Box(-_np.inf, _np.inf, (n, self._core.observation_size), _np.float32)
        self._np_random, self.np_random_seed = None, None
        self.closed = False

    @property
    def np_random(self):
        if self._np_random is None:
            self._np_random, self.np_random_seed = _rng(None)
        return self._np_random

    @property
    def unwrapped(self):
        return self

    threads = property(lambda self: self._core.threads)
    action_count = property(lambda self: self._core.action_count)
    choice_slots = property(lambda self: self._core.choice_slots)
    observation_size = property(lambda self: self._core.observation_size)

    def reset(self, *, seed=None, options=None):
        """Every table dealt anew (table i from seed + i): (observations [N, D], {"legal_mask": [N, A]})."""
        _no_options(options)
        if seed is not None:
            if _whole(seed) is None or seed < 0:
                raise Refused("bad_request", f"seed={seed!r}: give a whole number from 0, or None (a list of seeds is not taken)")
            self._np_random, self.np_random_seed = _rng(seed)
        return self._core.reset(seed)

    def step(self, actions):
        """actions [N] -> (observations [N, D], rewards [N], terminated [N], truncated [N], {"legal_mask": [N, A]})."""
        a = _np.asarray(actions)
        if not _np.issubdtype(a.dtype, _np.integer):
            raise Refused("bad_request", f"actions: give whole numbers (an integer array), not {a.dtype}")
        return self._core.step(a.astype(_np.int64, copy=False))

    def results(self):
        """Each table's agent result in its game now."""
        return self._core.results()

    def render(self):
        return None

    def close(self, **kwargs):
        self.closed = True

    def __repr__(self):
        return f"<inbetween.VectorEnv num_envs={self.num_envs} threads={self.threads}>"


def _register_gymnasium():
    """Registers "inbetween/InBetween-v0" (Env, VectorEnv as its vector entry point) with Gymnasium when it is importable."""
    try:
        import gymnasium
    except ImportError:
        return False
    if "inbetween/InBetween-v0" in getattr(gymnasium, "registry", {}):
        return True
    gymnasium.register(id="inbetween/InBetween-v0", entry_point="inbetween:Env", vector_entry_point="inbetween:VectorEnv",
                       kwargs={"rules": "hoyle"})
    return True


_register_gymnasium()
