#!/usr/bin/env python3
"""Times every `hint` of heads-up ThreeBeTween games at the real rules through `inbetween engine`.

The protocol's whole answer (the round solver's values and each choice's chance to win) at every
decision of seeded games of `optimal` bots; the win table must be in the cache first
(`inbetween solve threebetween --win`). docs/solver.md quotes its figures.
    python3 docs/scripts/hint_wait.py build/inbetween [GAMES]   (default 6 games, seeds 1..GAMES)
"""
import json
import statistics
import subprocess
import sys
import time

exe = sys.argv[1]
games = int(sys.argv[2]) if len(sys.argv) > 2 else 6
engine = subprocess.Popen([exe, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def ask(request):
    engine.stdin.write(json.dumps(request) + "\n")
    engine.stdin.flush()
    return json.loads(engine.stdout.readline())


waits, first = [], None
for seed in range(1, games + 1):
    reply = ask({"cmd": "new", "players": ["ann", "bob"], "rules": "threebetween", "seed": seed})
    assert reply["ok"], reply
    while True:
        start = time.perf_counter()
        hint = ask({"cmd": "hint"})
        ms = 1e3 * (time.perf_counter() - start)
        if not hint.get("ok"):
            assert hint["error"]["code"] == "nobody_to_act", hint
            break
        if "win_chance" not in hint["choices"][0]:
            sys.exit("the hint has no win_chance: is the table in the cache? (inbetween solve threebetween --win)")
        if first is None:
            first = ms
        else:
            waits.append(ms)
        moved = ask({"cmd": "act", "bot": "optimal"})
        assert moved["ok"], moved
ask({"cmd": "quit"})
waits.sort()
print(f"{len(waits) + 1} hints over {games} games: the first of the process {first:.1f} ms; the rest "
      f"mean {statistics.mean(waits):.1f} ms, median {waits[len(waits) // 2]:.1f}, "
      f"99th percentile {waits[int(len(waits) * 0.99)]:.1f}, slowest {waits[-1]:.1f}; over 100 ms: {sum(w > 100 for w in waits)}")
