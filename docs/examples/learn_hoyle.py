#!/usr/bin/env python3
"""A small learning agent: advantage actor-critic (A2C) in PyTorch learns heads-up Hoyle
In-Between against one of the engine's bots, from VectorEnv's observations and legal masks.

Every --eval-every updates the greedy policy (the likeliest legal action) plays the same
held-out games, dealt from seeds no training table is dealt from, and the mean chips per game
and the win rate are printed with their 95% intervals. The baselines are measured in the same
run on the same held-out deals: random legal actions in the learner's seat, and each of the
engine's bots (random, sensible, optimal) in the learner's seat against the same opponent.
A win is a game the learner's seat ends among the winners, a tie included, as `simulate`
counts it.

    PYTHONPATH=build/python INBETWEEN_DATA=. /usr/bin/python3 docs/examples/learn_hoyle.py \
        --set deals_per_dealer=5 --seed 1 --csv learning_curve_hoyle.csv

(deals_per_dealer=5: ten deals a game rather than two, where betting well is worth more than
betting 1 every time; the preset as it is settles in a few updates on "bet 1".)

Deterministic for a seed: torch.manual_seed, the tables' seeds, one torch thread (--torch-threads).
PyTorch is Debian's python3-torch (apt-get install python3-torch); see docs/python.md,
"A learning agent".
"""
import argparse
import csv
import math
import sys
import time

import numpy as np

try:
    import torch
except ImportError:
    sys.exit("learn_hoyle.py needs PyTorch: apt-get install python3-torch (Debian's package)")

import inbetween

EVAL_SEED = 1_000_000_000  # held-out games: seeds EVAL_SEED, EVAL_SEED + 1, ...; training starts at --seed


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--rules", default="hoyle", help="a pot or house preset")
    p.add_argument("--set", action="append", default=[], metavar="KNOB=VALUE",
                   help="a rule knob, as the CLI's --set (deals_per_dealer=5: ten deals heads-up, not two)")
    p.add_argument("--opponent", default="sensible", help="the bot in the other seat: random, cautious, sensible, optimal")
    p.add_argument("--updates", type=int, default=6000, help="gradient updates")
    p.add_argument("--envs", type=int, default=64, help="tables stepped at once (VectorEnv)")
    p.add_argument("--steps", type=int, default=8, help="steps of every table per update")
    p.add_argument("--eval-every", type=int, default=500, help="updates between evaluations")
    p.add_argument("--eval-games", type=int, default=2000, help="held-out games per evaluation")
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--gamma", type=float, default=0.0,
                   help="discount per decision (0: a bet is credited with what its card brings)")
    p.add_argument("--entropy", type=float, default=0.05, help="entropy bonus")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=1, help="VectorEnv's C++ threads")
    p.add_argument("--torch-threads", type=int, default=1)
    p.add_argument("--csv", help="write the learning curve here")
    args = p.parse_args(argv)
    if args.seed < 0 or args.seed + args.envs >= EVAL_SEED:
        p.error(f"--seed: 0 to {EVAL_SEED - args.envs - 1} (the held-out games' seeds start at {EVAL_SEED})")
    try:
        args.knobs = dict(kv.split("=", 1) for kv in args.set)
    except ValueError:
        p.error("--set: give KNOB=VALUE")
    if min(args.updates, args.envs, args.steps, args.eval_every, args.eval_games) < 1:
        p.error("--updates, --envs, --steps, --eval-every and --eval-games: 1 or more")
    return args


class ActorCritic(torch.nn.Module):
    def __init__(self, obs_size, actions, hidden, mean, std):
        super().__init__()
        self.register_buffer("mean", torch.as_tensor(mean, dtype=torch.float32))
        self.register_buffer("std", torch.as_tensor(std, dtype=torch.float32))

        def mlp(out):
            return torch.nn.Sequential(torch.nn.Linear(obs_size, hidden), torch.nn.Tanh(),
                                       torch.nn.Linear(hidden, hidden), torch.nn.Tanh(), torch.nn.Linear(hidden, out))

        self.policy, self.value = mlp(actions), mlp(1)

    def forward(self, obs, mask):
        """Logits with every illegal action at -1e9 (so it is never drawn), and the state's value.
        A row with no legal action (the step that ends a game, before the next-step autoreset) is
        uniform: its action is ignored and it is left out of the loss."""
        x = (obs - self.mean) / self.std
        logits = self.policy(x).masked_fill(~mask, -1e9)
        return logits, self.value(x).squeeze(-1)


def observation_scale(venv, seed, steps=200):
    """Each observation feature's mean and spread over `steps` steps of random legal play on
    the training tables: the network reads each feature standardized (a feature that never
    changes, as-is)."""
    rng = np.random.default_rng(seed)
    obs, info = venv.reset(seed=seed)
    seen = []
    for _ in range(steps):
        mask = info["legal_mask"]
        seen.append(obs[mask.any(1)])
        actions = [rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask]
        obs, _, _, _, info = venv.step(np.array(actions))
    seen = np.concatenate(seen)
    std = seen.std(0)
    return seen.mean(0), np.where(std > 1e-6, std, 1.0)


def ci95(values):
    """The mean and its 95% interval's half-width (normal approximation)."""
    values = np.asarray(values, dtype=np.float64)
    return float(values.mean()), float(1.96 * values.std(ddof=1) / math.sqrt(len(values))) if len(values) > 1 else 0.0


def play_env(envs, seeds, choose):
    """One game on each Env from its held-out seed, `choose(obs [n, D], masks [n, A]) -> actions`
    deciding for every table still playing at once. Returns the learner's chips, its wins (1 when
    its seat is among the winners) and each game's "new" request (its seed: a game where the
    learner would have no decision is dealt again from the Env's next seed)."""
    chips, wins, dealt = np.zeros(len(envs)), np.zeros(len(envs)), [None] * len(envs)
    obs, masks = [None] * len(envs), [None] * len(envs)
    for i, (env, seed) in enumerate(zip(envs, seeds)):
        obs[i], info = env.reset(seed=int(seed))
        masks[i] = info["legal_mask"]
    playing = list(range(len(envs)))
    while playing:
        actions = choose(np.stack([obs[i] for i in playing]), np.stack([masks[i] for i in playing]))
        still = []
        for i, a in zip(playing, actions):
            obs[i], _, terminated, truncated, info = envs[i].step(int(a))
            masks[i] = info["legal_mask"]
            if terminated or truncated:
                table = envs[i].table()
                chips[i], wins[i], dealt[i] = info["result"], 0 in table.winners, table.log()[0]  # the learner is seat 0
            else:
                still.append(i)
        playing = still
    return chips, wins, dealt


def play_bots(kind, opponent, dealt):
    """The engine's bot `kind` in the learner's seat (0) against `opponent`, on the same deals."""
    chips, wins = np.zeros(len(dealt)), np.zeros(len(dealt))
    for i, new in enumerate(dealt):
        table = inbetween.Table.replay([new])
        while not table.over:
            table.bot_move(kind if table.to_act == 0 else opponent)
        chips[i], wins[i] = table.returns()[0], 0 in table.winners
    return chips, wins


def summary(chips, wins):
    c, cc = ci95(chips)
    w, wc = ci95(wins)
    return {"chips": c, "chips_ci95": cc, "win": w, "win_ci95": wc}


def shown(s):
    return f"{s['chips']:+.3f} ± {s['chips_ci95']:.3f} chips/game, win rate {100 * s['win']:.1f}% ± {100 * s['win_ci95']:.1f}%"


def main(argv=None):
    args = parse_args(argv)
    began = time.perf_counter()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.torch_threads)
    knobs = args.knobs
    venv = inbetween.VectorEnv(args.rules, args.envs, opponents=[args.opponent], seed=args.seed, threads=args.threads, set=knobs)
    eval_envs = [inbetween.Env(args.rules, opponents=[args.opponent], set=knobs) for _ in range(args.eval_games)]
    eval_seeds = np.arange(EVAL_SEED, EVAL_SEED + args.eval_games)
    mean, std = observation_scale(venv, args.seed)
    model = ActorCritic(venv.observation_size, venv.action_count, args.hidden, mean, std)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    rules = args.rules + "".join(f" {k}={v}" for k, v in knobs.items())
    print(f"{rules}, heads-up against the {args.opponent} bot: {args.envs} tables x {args.steps} steps an update, "
          f"{args.updates} updates, seed {args.seed}; evaluated on {args.eval_games} held-out games")

    # The baselines, on the held-out deals.
    rng = np.random.default_rng(args.seed)
    baselines = {}
    chips, wins, dealt = play_env(eval_envs, eval_seeds, lambda o, m: [rng.choice(np.flatnonzero(row)) for row in m])
    baselines["random_actions"] = summary(chips, wins)
    bot_chips = {}
    for kind in ("random", "sensible", "optimal"):
        bot_chips[kind], wins = play_bots(kind, args.opponent, dealt)
        baselines[f"{kind}_bot"] = summary(bot_chips[kind], wins)
    for name, s in baselines.items():
        print(f"baseline {name.replace('_', ' ')} in the learner's seat: {shown(s)}")

    def greedy(o, m):
        with torch.no_grad():
            logits, _ = model(torch.from_numpy(o), torch.from_numpy(m))
        return logits.argmax(-1).numpy()

    def evaluate():
        chips, wins, dealt_now = play_env(eval_envs, eval_seeds, greedy)
        assert dealt_now == dealt, "the held-out games are dealt as for the baselines"
        return summary(chips, wins), chips

    rows = []
    header = ["update", "steps", "train_seconds", "train_chips", "chips", "chips_ci95", "win", "win_ci95"] + \
             [f"{name}_{what}" for name in baselines for what in ("chips", "win")]

    def record(update, steps, seconds, train_chips):
        s, chips = evaluate()
        row = [update, steps, round(seconds, 3), train_chips, s["chips"], s["chips_ci95"], s["win"], s["win_ci95"]] + \
              [baselines[name][what] for name in baselines for what in ("chips", "win")]
        rows.append(row)
        print(f"update {update:4d}  steps {steps:8d}  train {seconds:6.1f} s  training games {train_chips:+.3f}  "
              f"greedy: {shown(s)}", flush=True)
        return s, chips

    obs, info = venv.reset(seed=args.seed)
    obs, mask = torch.from_numpy(obs), torch.from_numpy(info["legal_mask"])
    steps, train_seconds, env_seconds = 0, 0.0, 0.0
    running = np.zeros(args.envs)
    finished = []
    record(0, 0, 0.0, float("nan"))
    T, N = args.steps, args.envs
    for update in range(1, args.updates + 1):
        started = time.perf_counter()
        b_obs = torch.zeros(T, N, venv.observation_size)
        b_mask = torch.zeros(T, N, venv.action_count, dtype=torch.bool)
        b_act = torch.zeros(T, N, dtype=torch.long)
        b_rew = torch.zeros(T, N)
        b_done = torch.zeros(T, N)
        for t in range(T):
            with torch.no_grad():
                logits, _ = model(obs, mask)
            action = torch.distributions.Categorical(logits=logits).sample()
            b_obs[t], b_mask[t], b_act[t] = obs, mask, action
            env_started = time.perf_counter()
            o, reward, terminated, truncated, info = venv.step(action.numpy())
            env_seconds += time.perf_counter() - env_started
            done = terminated | truncated
            b_rew[t], b_done[t] = torch.from_numpy(reward).float(), torch.from_numpy(done).float()
            running += reward
            for i in np.flatnonzero(done):
                finished.append(running[i])
                running[i] = 0.0
            obs, mask = torch.from_numpy(o), torch.from_numpy(info["legal_mask"])
        steps += T * N
        # Discounted returns to the end of each game, bootstrapped by the value where a game
        # goes on past this update's steps.
        with torch.no_grad():
            _, ret = model(obs, mask)
            ret = ret * mask.any(-1)
            returns = torch.zeros(T, N)
            for t in reversed(range(T)):
                ret = b_rew[t] + args.gamma * (1.0 - b_done[t]) * ret
                returns[t] = ret
        valid = b_mask.any(-1).reshape(-1)  # rows where the agent decided (not the autoreset steps)
        logits, values = model(b_obs.reshape(T * N, -1), b_mask.reshape(T * N, -1))
        logits, values, returns_v = logits[valid], values[valid], returns.reshape(-1)[valid]
        dist = torch.distributions.Categorical(logits=logits)
        advantage = (returns_v - values).detach()
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        policy_loss = -(dist.log_prob(b_act.reshape(-1)[valid]) * advantage).mean()
        value_loss = 0.5 * (returns_v - values).pow(2).mean()
        loss = policy_loss + 0.5 * value_loss - args.entropy * dist.entropy().mean()
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
        optimizer.step()
        train_seconds += time.perf_counter() - started
        if update % args.eval_every == 0 or update == args.updates:
            train_chips = float(np.mean(finished)) if finished else float("nan")
            finished = []
            last, final_chips = record(update, steps, train_seconds, train_chips)

    best = max(("sensible", "optimal"), key=lambda k: baselines[f"{k}_bot"]["chips"])
    print(f"training: {steps} table steps in {train_seconds:.1f} s, {steps / train_seconds:,.0f} steps/s "
          f"(VectorEnv.step alone {steps / env_seconds:,.0f} steps/s); {time.perf_counter() - began:.1f} s in all")
    start, top = rows[0], baselines[best + "_bot"]
    print(f"greedy policy: {start[4]:+.3f} chips/game and {100 * start[6]:.1f}% wins before training, "
          f"{last['chips']:+.3f} and {100 * last['win']:.1f}% after; the {best} bot in its seat {top['chips']:+.3f} "
          f"and {100 * top['win']:.1f}%, random legal actions {baselines['random_actions']['chips']:+.3f} "
          f"and {100 * baselines['random_actions']['win']:.1f}%")
    for kind in ("sensible", "optimal"):
        d, dc = ci95(final_chips - bot_chips[kind])
        print(f"learner less the {kind} bot on the same {args.eval_games} deals: {d:+.3f} ± {dc:.3f} chips/game")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(header)
            w.writerows(rows)
        print(f"learning curve: {args.csv}")
    return rows, baselines, model


if __name__ == "__main__":
    main()
