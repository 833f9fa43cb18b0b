// Writes src/lengths.gen.ts: how long a game of every preset lasts, for every seat count its rules
// accept, and the length that makes it last about 15 minutes, all from the real program's
// `inbetween simulate` and its time model (docs/simulate.md). The lobby reads it (src/lengths.ts):
// "about N minutes", and the length control's default.
//
//   node dev/lengths.mjs [--bin ../build/inbetween] [--out src/lengths.gen.ts] [--goal 15]
//   npm run lengths
//
// Per preset it finds, from the preset's own knobs (`inbetween rules show`), never from its name:
//   - the knob that sets the length: `target` (ThreeBeTween: points to win); `deals_per_dealer`
//     where the game lasts until everyone has dealt (`deals = "each-dealer-once"`), so that every
//     player still deals as often as the others; `deals` otherwise (a number of deals or hands,
//     or a cap on an `"unlimited"` game that ends when its pot is empty);
//   - its default (the preset's value) and, per seat count, the minutes at that default, a curve
//     of minutes at a few values (the lobby interpolates it for a length someone types), and the
//     value nearest the goal found by `--sweep KNOB=a..b:step --until minutes=GOAL` (the first
//     value reaching the goal or the one before it, whichever is nearer);
//   - the other knobs that set the length where someone types them (`deals` beside
//     `deals_per_dealer`): the lobby then leaves its length control out of the request;
// Sensible bots at every seat, seed 1: the output is the same on every run (simulate's figures
// depend on the seed alone). About a minute on two cores.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
function opt(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}
const bin = resolve(opt('--bin', process.env.INBETWEEN_BIN ?? join(here, '../../build/inbetween')));
const out = resolve(opt('--out', join(here, '../src/lengths.gen.ts')));
const goal = Number(opt('--goal', '15'));
const SEED = 1;

// simulate's time model per family (seconds a turn, a card, a round). The program's defaults are
// for a kitchen table (ThreeBeTween's box, and the pot games' deals with a shuffle and an ante);
// docs/simulate.md gives 5/2/10 as closer for a casino Red Dog hand.
const TIME_MODEL = {
  pot: { turn_seconds: 8, card_seconds: 3, round_seconds: 60 },
  house: { turn_seconds: 5, card_seconds: 2, round_seconds: 10 },
  threebetween: { turn_seconds: 8, card_seconds: 3, round_seconds: 60 },
};
// Games per figure: the pot and house games are fast and their lengths vary little; ThreeBeTween's
// games are slower and vary more (2,000 games: about ±0.1 minutes, docs/simulate.md).
const GAMES = { pot: 10000, house: 4000, threebetween: 2000 };

// Per length knob: what it is in words, the values the curve is measured at, and the range the
// search for the goal runs over (whole numbers, the knob's own step). Keyed by knob, not preset.
const KNOBS = {
  deals_per_dealer: {
    unit: 'deals per dealer',
    about: 'every player deals this many times; a deal is one hand for every player still in',
    also: ['deals'], // a number of deals set by hand sets the length instead
    curve: [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20],
    search: { from: 1, to: 200, step: 1 },
    min: 1,
    max: 1000,
  },
  deals: {
    unit: null, // the family's own word for a round (simulate's units: deals, hands)
    about: null,
    curve: [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100],
    search: { from: 1, to: 200, step: 1 },
    min: 1,
    max: 1000000,
  },
  target: {
    unit: 'points',
    about: 'the game ends at the tally where someone has this many points',
    curve: [25, 50, 75, 100, 125, 150, 200, 250, 300],
    search: { from: 5, to: 500, step: 5 },
    min: 1,
    max: 100000,
  },
};

function run(argv) {
  return execFileSync(bin, argv, { encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `rules show NAME` → {knob: value} (strings unquoted, numbers as numbers). */
function knobsOf(name) {
  const out = {};
  for (const line of run(['rules', 'show', name]).split('\n')) {
    const m = /^([a-z_]+)\s*=\s*(.*)$/.exec(line.trim());
    if (!m) continue;
    const v = m[2].trim();
    out[m[1]] = /^'.*'$|^".*"$/.test(v) ? v.slice(1, -1) : /^-?\d+$/.test(v) ? Number(v) : v;
  }
  return out;
}

function lengthKnob(k) {
  if (k.game === 'threebetween') return 'target';
  if (k.game === 'pot' && k.deals === 'each-dealer-once') return 'deals_per_dealer';
  return 'deals';
}

const r2 = (x) => Math.round(x * 100) / 100;
const fig = (m) => ({ minutes: r2(m.mean), ci95: r2(m.ci95) });

function simulate(name, family, seats, extra) {
  const tm = TIME_MODEL[family];
  const argv = [
    'simulate', '--rules', name, '--players', Array(seats).fill('bot').join(','), '--games', String(GAMES[family]), '--seed', String(SEED),
    '--turn-seconds', String(tm.turn_seconds), '--card-seconds', String(tm.card_seconds), '--round-seconds', String(tm.round_seconds),
    '--format', 'json', ...extra,
  ];
  return JSON.parse(run(argv));
}

const started = Date.now();
const names = run(['rules', 'list'])
  .split('\n')
  .map((l) => l.trim().split(/\s+/)[0])
  .filter(Boolean);
const presets = {};
for (const name of names) {
  const k = knobsOf(name);
  const family = k.game;
  const knob = lengthKnob(k);
  const spec = KNOBS[knob];
  const def = k[knob];
  const seatsOut = {};
  let unit = spec.unit;
  let about = spec.about;
  let units = null;
  for (let n = k.min_players; n <= k.max_players; n++) {
    const curveValues = [...new Set([...spec.curve, ...(typeof def === 'number' ? [def] : [])])].sort((a, b) => a - b);
    const curveRows = simulate(name, family, n, ['--sweep', `${knob}=${curveValues.join(',')}`]);
    const curve = curveRows.map((r) => [Number(r.value), r2(r.minutes.mean)]);
    units ??= curveRows[0].units; // the family's words: a turn, a card, a round
    if (!unit) unit = units.round; // "deals", "hands"
    if (!about) about = family === 'house' ? 'the game lasts this many hands (it ends sooner when nobody can cover the smallest wager)' : 'the game lasts this many deals (a deal: one hand for every player still in); it ends sooner when the pot is empty';
    const atDefault = typeof def === 'number' ? curveRows.find((r) => Number(r.value) === def) : simulate(name, family, n, []);
    const { from, to, step } = spec.search;
    const rows = simulate(name, family, n, ['--sweep', `${knob}=${from}..${to}:${step}`, '--until', `minutes=${goal}`]);
    const byValue = new Map(rows.map((r) => [Number(r.value), r]));
    const hit = rows.find((r) => r.reaches_goal);
    let pick;
    let limit = null;
    if (hit) {
      const before = byValue.get(Number(hit.value) - step);
      pick = before && Math.abs(before.minutes.mean - goal) < Math.abs(hit.minutes.mean - goal) ? before : hit;
    } else {
      // Nothing in the range crosses the goal: the shortest game the knob allows is already longer
      // (a big table of a game where every player deals), or the longest is still shorter.
      const first = byValue.get(from);
      const last = byValue.get(to);
      [pick, limit] = first.minutes.mean >= goal ? [first, 'shortest'] : [last, 'longest'];
    }
    seatsOut[n] = {
      default: fig(atDefault.minutes),
      value: Number(pick.value),
      ...fig(pick.minutes),
      ...(limit ? { limit } : {}),
      curve,
    };
    console.error(`${name} ${n} seats: ${knob} ${def} ${r2(atDefault.minutes.mean)} min; ${knob} ${pick.value} ${r2(pick.minutes.mean)} min${limit ? ` (the ${limit} the knob allows)` : ''}`);
  }
  presets[name] = {
    family,
    title: k.description ?? '',
    knob,
    also: spec.also ?? [],
    unit,
    about,
    default: def,
    min: spec.min,
    max: spec.max,
    min_players: k.min_players,
    max_players: k.max_players,
    games: GAMES[family],
    time_model: TIME_MODEL[family],
    units,
    seats: seatsOut,
  };
}

/** [2000, 4000, 10000] → "2000, 4000 or 10000". */
function orList(xs) {
  return xs.length > 1 ? `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}` : String(xs[0]);
}
/** The widest interval of a figure over every preset and seat count. */
function widest(of) {
  return Math.max(...Object.values(presets).flatMap((p) => Object.values(p.seats).map(of)));
}
const data = {
  goal_minutes: goal,
  seed: SEED,
  bots: 'sensible (bot) at every seat',
  precision:
    `minutes are means over ${orList([...new Set(Object.values(presets).map((p) => p.games))].sort((a, b) => a - b))} games ` +
    `(per preset: games) with their 95% interval (ci95): at most ±${widest((s) => s.ci95)} minutes for a value for the goal, ` +
    `±${widest((s) => s.default.ci95)} for a preset's own length (a game that ends only when its pot is empty varies most); ` +
    'the value for the goal is the nearer to it of the first value reaching it and the one a step before',
  presets,
};
/** JSON with each list of numbers or words, and a curve's list of pairs, on one line. */
function compact(json) {
  return json
    .replace(/\[\s+("[^"]*"(?:,\s+"[^"]*")*)\s+\]/g, (_, inner) => `[${inner.split(/,\s+/).join(', ')}]`)
    .replace(/\[\s+([-\d.]+(?:,\s+[-\d.]+)*)\s+\]/g, (_, inner) => `[${inner.split(/,\s+/).join(', ')}]`)
    .replace(/\[\s+(\[[^\]]*\](?:,\s+\[[^\]]*\])*)\s+\]/g, (_, inner) => `[${inner.split(/\],\s+\[/).join('], [')}]`);
}
const text =
  '// Generated by dev/lengths.mjs (npm run lengths) from `inbetween simulate`: do not edit.\n' +
  '// How long each preset lasts per seat count, and the length for about 15 minutes (src/lengths.ts).\n' +
  "import type { LengthData } from './lengths';\n\n" +
  `export const LENGTHS: LengthData = ${compact(JSON.stringify(data, null, 2))};\n`;
writeFileSync(out, text);
console.error(`wrote ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
