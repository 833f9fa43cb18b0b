// How long a game lasts: the figures dev/lengths.mjs got from `inbetween simulate` for every preset
// and seat count (src/lengths.gen.ts), and what the lobby reads from them. Nothing here knows a
// preset by name: each preset's knob, unit and figures are data.

import { LENGTHS } from './lengths.gen';

/** Minutes per game: the mean over the simulated games and its 95% interval. */
export interface Minutes {
  minutes: number;
  ci95: number;
}

export interface SeatLength extends Minutes {
  /** minutes at the preset's own length */
  default: Minutes;
  /** the knob's value nearest the goal (15 minutes); `minutes`, `ci95` are its figures */
  value: number;
  /** nothing the knob allows reaches the goal: `value` is its shortest (or longest) */
  limit?: 'shortest' | 'longest';
  /** [knob value, minutes], by value */
  curve: [number, number][];
}

export interface PresetLength {
  family: 'pot' | 'house' | 'threebetween';
  title: string;
  /** the knob that sets the length: `deals_per_dealer`, `deals`, `target` */
  knob: string;
  /** other knobs that set the length when given (`deals` beside `deals_per_dealer`) */
  also: string[];
  /** its unit in words ("deals per dealer", "hands", "points") and what it means */
  unit: string;
  about: string;
  /** the preset's own value ("unlimited" where the game ends only when its pot is empty) */
  default: number | string;
  min: number;
  max: number;
  min_players: number;
  max_players: number;
  /** games simulated per figure */
  games: number;
  time_model: { turn_seconds: number; card_seconds: number; round_seconds: number };
  /** the family's words for a turn, a card and a round (simulate's `units`) */
  units: { turn: string; card: string; round: string };
  /** by seat count */
  seats: Record<string, SeatLength>;
}

export interface LengthData {
  goal_minutes: number;
  seed: number;
  bots: string;
  precision: string;
  presets: Record<string, PresetLength>;
}

export const lengths: LengthData = LENGTHS;

export function presetLength(preset: string): PresetLength | null {
  return Object.prototype.hasOwnProperty.call(lengths.presets, preset) ? lengths.presets[preset] : null;
}

export function seatLength(preset: string, seats: number): SeatLength | null {
  const p = presetLength(preset);
  return p && Object.prototype.hasOwnProperty.call(p.seats, String(seats)) ? p.seats[String(seats)] : null;
}

/** The minutes a game lasts at this value of the knob: a measured figure where there is one, else
 * between two measured values (straight line); `beyond` when the value lies outside them. */
export function minutesAt(p: PresetLength, s: SeatLength, value: number | null): { minutes: number; beyond?: 'under' | 'over' } {
  if (value === null) return { minutes: s.default.minutes };
  const points = new Map<number, number>(s.curve);
  points.set(s.value, s.minutes);
  if (typeof p.default === 'number') points.set(p.default, s.default.minutes);
  const xs = [...points.keys()].sort((a, b) => a - b);
  if (points.has(value)) return { minutes: points.get(value)! };
  if (value < xs[0]) return { minutes: points.get(xs[0])!, beyond: 'under' };
  if (value > xs[xs.length - 1]) return { minutes: points.get(xs[xs.length - 1])!, beyond: 'over' };
  const hi = xs.findIndex((x) => x > value);
  const [x0, x1] = [xs[hi - 1], xs[hi]];
  const [y0, y1] = [points.get(x0)!, points.get(x1)!];
  return { minutes: y0 + ((y1 - y0) * (value - x0)) / (x1 - x0) };
}

/** "about 16 minutes", "under 3 minutes", "over 90 minutes". */
export function minutesText(m: { minutes: number; beyond?: 'under' | 'over' }): string {
  const n = Math.max(1, Math.round(m.minutes));
  const unit = n === 1 ? 'minute' : 'minutes';
  return m.beyond ? `${m.beyond} ${n} ${unit}` : `about ${n} ${unit}`;
}

/** "8 s a hand, 3 s a card dealt, 60 s a deal" (the time model behind the minutes). */
export function timeModelText(p: PresetLength): string {
  const one = (w: string) => w.replace(/s\b/, ''); // "cards dealt" → "card dealt"
  const t = p.time_model;
  return `${t.turn_seconds} s a ${one(p.units.turn)}, ${t.card_seconds} s a ${one(p.units.card)}, ${t.round_seconds} s a ${one(p.units.round)}`;
}
