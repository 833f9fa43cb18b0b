#!/usr/bin/env python3
"""Steps per second through `import inbetween` (bench/README.md, "Python steps").

Two loops per preset, each timed with time.perf_counter over a fixed number of steps:
- Table: a random legal choice of the player to act, every seat (legal() then apply()), new
  games as games end: the cost of one move through Python and the protocol's JSON events.
- Env: Env.step with a random legal action from info["legal_mask"], a `random` bot at the
  other seat, reset() as episodes end: an agent's step, the bots' moves between included.

Run from the repository root after building the module:
    PYTHONPATH=build/python INBETWEEN_DATA=. python3 bench/python_steps.py [steps]
Compare with protocol_bench's InProcess moves/s (the typed table in C++, no Python).
"""
import random
import sys
import time

import numpy

import inbetween

PRESETS = ["hoyle", "red-dog", "threebetween"]


def table_steps(preset, steps, rng):
    table = inbetween.Table(preset, ["ann", "bob"], seed=1)
    start = time.perf_counter()
    for _ in range(steps):
        while table.over:  # (a game can end before its first decision: about 1 in 2000 two-seat Hoyle deals)
            table = inbetween.Table(preset, ["ann", "bob"], seed=rng.randrange(1 << 32))
        choices = table.legal()
        i = rng.randrange(len(choices))
        amount = rng.randint(choices[i]["min"], choices[i]["max"]) if "min" in choices[i] else None  # a ranged choice's amount
        table.apply(table.to_act, i, amount)
    return steps / (time.perf_counter() - start)


def env_steps(preset, steps, rng):
    env = inbetween.Env(preset, opponents=["random"])
    np_rng = numpy.random.default_rng(rng.randrange(1 << 32))
    _, info = env.reset(seed=1)
    start = time.perf_counter()
    for _ in range(steps):
        action = int(np_rng.choice(numpy.flatnonzero(info["legal_mask"])))
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            _, info = env.reset()
    return steps / (time.perf_counter() - start)


def main():
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rng = random.Random(1)
    print(f"{'preset':<14} {'Table moves/s':>14} {'Env steps/s':>12}   ({steps} steps each)")
    for preset in PRESETS:
        table_rate = table_steps(preset, steps, rng)
        env_rate = env_steps(preset, steps, rng)
        print(f"{preset:<14} {table_rate:>14,.0f} {env_rate:>12,.0f}")


if __name__ == "__main__":
    main()
