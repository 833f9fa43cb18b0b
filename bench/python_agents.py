#!/usr/bin/env python3
"""What a learning agent gets through `import inbetween`, against `simulate` in the same run
(bench/README.md, "Agents").

- simulate: `inbetween.simulate(preset, ["random", "sensible"], threads=T)`, decisions per second
  (games x mean decisions per game / wall time);
- VectorEnv: `VectorEnv(preset, N, opponents=["sensible"], threads=T)`, a random legal action for
  every table from its mask each step (numpy), env steps per second (N per step);
- Table(): new tables per second (a given seed), Env.reset() per second, resample() per second.

Each rate is given per second of wall time and per second of this process's CPU time (all its
threads): on a machine other work shares, the second is what the cores it got did.

Run from the repository root after building the module:
    PYTHONPATH=build/python INBETWEEN_DATA=. /usr/bin/python3 bench/python_agents.py [--preset hoyle] [--seconds 5]
"""
import argparse
import os
import time

import numpy

import inbetween


class Clock:
    """Wall and process CPU seconds since it was made."""

    def __init__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def rates(self, count):
        return count / (time.perf_counter() - self.wall), count / (time.process_time() - self.cpu)


def simulate_rate(preset, threads, games):
    clock = Clock()
    r = inbetween.simulate(preset, ["random", "sensible"], games=games, seed=1, threads=threads)
    return clock.rates(r["games"] * r["decisions"]["mean"])


def vector_rate(preset, threads, num_envs, seconds):
    env = inbetween.VectorEnv(preset, num_envs, opponents=["sensible"], seed=1, threads=threads)
    _, info = env.reset(seed=1)
    rng = numpy.random.default_rng(0)
    masks = info["legal_mask"]
    steps, start, clock = 0, time.perf_counter(), Clock()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            # A random legal action per table: the largest of uniform draws where the mask allows.
            actions = (rng.random(masks.shape, dtype=numpy.float32) * masks).argmax(axis=1)
            _, _, _, _, info = env.step(actions)
            masks = info["legal_mask"]
        steps += 20 * num_envs
    return clock.rates(steps)


def per_second(call, seconds):
    n, start, clock = 0, time.perf_counter(), Clock()
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            call(n)
            n += 1
    return clock.rates(n)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", default="hoyle")
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--games", type=int, default=200000)
    args = parser.parse_args()
    p = args.preset
    print(f"{p}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    print("                      wall           per CPU second")
    for threads in (1, 2):
        sim = simulate_rate(p, threads, args.games)
        vec = vector_rate(p, threads, args.envs, args.seconds)
        print(f"threads {threads}: simulate   {sim[0]:>12,.0f}  {sim[1]:>12,.0f}  decisions/s")
        print(f"           VectorEnv  {vec[0]:>12,.0f}  {vec[1]:>12,.0f}  steps/s ({args.envs} tables; {vec[0] / sim[0]:.2f}x simulate's wall rate)")
    table = per_second(lambda n: inbetween.Table(p, ["ann", "bob"], seed=n), args.seconds)
    env = inbetween.Env(p, opponents=["sensible"])
    reset = per_second(lambda n: env.reset(seed=n), args.seconds)
    t = inbetween.Table(p, ["ann", "bob"], seed=1)
    resample = per_second(lambda n: t.resample(0, n), args.seconds)
    for name, rate in (("Table()", table), ("Env.reset()", reset), ("resample()", resample)):
        print(f"{name:<20} {rate[0]:>12,.0f}  {rate[1]:>12,.0f}  per second")
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
