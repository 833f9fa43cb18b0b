// The shapes of docs/server.md's messages and docs/protocol.md's engine JSON, as far as the
// page reads them. The engine's objects pass through the server unchanged.

export type Card = string;

export interface Action {
  type: string;
  amount?: number;
  ace?: string;
  card?: Card;
  as?: string | null;
  low?: { card: Card; as?: string | null };
  high?: { card: Card; as?: string | null };
}

/** One entry of the engine's `legal` reply: `bet`/`rebuy` carry a range. */
export interface Choice extends Omit<Action, 'ace'> {
  min?: number;
  max?: number;
  ace?: string | string[];
}

export interface Legal {
  player: string | null;
  actions: Choice[];
}

export interface GameEvent {
  type: string;
  player?: string;
  card?: Card;
  amount?: number;
  outcome?: string;
  ace?: string;
  shuffle?: number;
  round?: number;
  dealer?: string;
  discarded?: Card;
  dealt?: Card;
  low?: { card: Card; as: string | null };
  high?: { card: Card; as: string | null };
  as?: string | null;
  points?: number;
  reason?: string;
  banked_lost?: number;
  total?: number;
}

export interface PotPlayer {
  name: string;
  chips: number;
  bought: number;
  net: number;
  in: boolean;
  wager?: number;
  raised?: boolean;
}

export interface PotState {
  game: 'pot' | 'house';
  rules: string;
  banking: 'pot' | 'house';
  pot: number;
  house?: number;
  players: PotPlayer[];
  dealer: string;
  to_act: string | null;
  phase: string;
  posts: Card[];
  ace_values: (string | null)[];
  spread?: number;
  /** House games, with `spread`: what a winning wager of 1 is paid at this spread. */
  pays?: number;
  /** House games: the table's pay rates (entry 0 for spread 1, the last for every wider one). */
  pay_table?: { spread: number[]; trips: number };
  third_card: Card | null;
  deals_done: number;
  deals_total: number | null;
  shoe: { remaining: number; discards: number; shuffles: number };
  over: boolean;
  winners: string[];
}

export interface Laid {
  card: Card;
  as: string | null;
}

export interface TbPlayer {
  name: string;
  status: 'in' | 'passed' | 'busted';
  limit_cards: Card[];
  limits: { low: Laid; high: Laid } | null;
  spaces: Laid[];
  drawn: Card[];
  open_letters: string[];
  banks: number[];
  banked: number;
  in_front: number;
  round: number;
  total: number;
  replacement_used: boolean;
}

export interface TbState {
  game: 'threebetween';
  rules: string;
  round: number;
  target: number;
  phase: string;
  dealer: string;
  to_act: string | null;
  players: TbPlayer[];
  shoe: { remaining: number; discards: number; shuffles: number };
  over: boolean;
  winners: string[];
}

export type State = PotState | TbState;

export interface Seat {
  name: string | null;
  bot?: string | null;
  connected?: boolean;
  away?: boolean;
}

export interface TableMsg {
  type: 'table';
  table: string;
  rules: string;
  family: string;
  title: string;
  status: 'waiting' | 'playing' | 'over';
  game: number;
  creator: number;
  you: number | null;
  timeout: number;
  /** The knobs the table was created with (knob → value), what differs from the preset. */
  set?: Record<string, string>;
  /** The turn clock: ms left for the person to act when the message was sent; null: none runs. */
  turn_left_ms?: number | null;
  seats: Seat[];
  commit: string | null;
  seed: string | null;
  state: State | null;
  to_act: string | null;
  legal: Legal | null;
  events: GameEvent[];
  event_count: number;
  moves: number;
}

export interface HintChoice {
  action: Action;
  ev?: number;
  value?: number;
  why?: string;
}

export interface Hint {
  player: string;
  best: Action;
  choices: HintChoice[];
  cards_left?: number;
  odds?: { between: number; outside: number; hit_post: number; triple_ace: number; cards: number };
  kelly?: Action;
  composition?: string;
}

export interface Preset {
  name: string;
  family: string;
  title: string;
  min_players: number;
  max_players: number;
}

export interface ReplayStep {
  player: string | null;
  action: Action | null;
  events: GameEvent[];
  state: State;
}

export interface TableListing {
  table: string;
  rules: string;
  status: string;
  seats: number;
  filled: number;
  watchers: number;
}

export type ServerMsg =
  | { type: 'seated'; table: string; seat: number; token: string; id?: unknown }
  | TableMsg
  | { type: 'tables'; tables: TableListing[]; id?: unknown }
  | { type: 'presets'; presets: Preset[]; bots: string[]; id?: unknown }
  | { type: 'hint'; table: string; hint: Hint; id?: unknown }
  | { type: 'chat'; table: string; from: string | null; text: string }
  | { type: 'replay'; table: string; game: number; steps: ReplayStep[] }
  | { type: 'error'; code: string; message: string; id?: unknown };

export function isTb(s: State | null): s is TbState {
  return !!s && s.game === 'threebetween';
}
