// Generated from schema/messages.schema.json by dev/gen-types.mjs (npm run types): do not edit.
/* eslint-disable */

/**
 * Every message `inbetween serve` sends over /ws (docs/server.md), with the engine's JSON inside it (docs/protocol.md). The one source of web/src/messages.gen.ts (npm run types); tests/schema.spec.ts checks real messages of every type and family against it.
 */
export type ServerMsg =
  | SeatedMsg
  | TableMsg
  | TablesMsg
  | PresetsMsg
  | HintMsg
  | ChancesMsg
  | ChatMsg
  | ReplayMsg
  | EventsMsg
  | RulesMsg
  | ErrorMsg;
export type State = PotState | TbState;
/**
 * The engine state of a pot game or a house game (Red Dog): docs/protocol.md, the state.
 */
export type PotState = PotState1;
/**
 * a card code: 7S, 10H, or a letter card (K, A/E, ?)
 */
export type Card = string;
/**
 * An engine event (docs/protocol.md, events; ThreeBeTween's below them), or the server's `played_for` (docs/server.md): a bot of kind `bot` made the next move's events for `player`, whose time ran out (`reason` clock) or who is away (away). Each type has exactly its own fields: the allOf below says which.
 */
export type GameEvent = GameEvent1;

export interface SeatedMsg {
  type: "seated";
  table: string;
  seat: number;
  token: string;
  /**
   * the request's id, copied
   */
  id?: string | number;
}
/**
 * The whole table as this client may see it, after every change (docs/server.md).
 */
export interface TableMsg {
  type: "table";
  table: string;
  rules: string;
  family: "pot" | "house" | "threebetween";
  /**
   * the rules' description, cut to 200 characters and an ellipsis when longer (`title_cut`): only in the first table message a connection gets after it sits down, watches or resumes
   */
  title?: string;
  /**
   * with `title`, when the description was cut: the whole comes on request (a `rules` message)
   */
  title_cut?: true;
  /**
   * the table's kept chat lines (its last 100, across its games and restarts), oldest first: only in the first table message a connection gets after it sits down, watches or resumes (with `title`); live lines come as `chat` messages
   */
  chat?: ChatLine[];
  status: "waiting" | "playing" | "over";
  game: number;
  creator: number;
  you: number | null;
  timeout: number;
  /**
   * the knobs the table was created with (knob to value)
   */
  set: {
    [k: string]: string | undefined;
  };
  turn_left_ms: number | null;
  seats: Seat[];
  commit: string | null;
  seed: string | null;
  state: State | null;
  to_act: string | null;
  legal: Legal | null;
  events: GameEvent[];
  /**
   * the index in the game's events of the first one in `events`: after sitting down, watching or resuming, the latest events only (older ones: an `events` request)
   */
  events_from?: number;
  event_count: number;
  moves: number;
}
/**
 * A chat line kept at the table: who said it (a seat's name, "watcher" or "server") and what, as a `chat` message told it.
 */
export interface ChatLine {
  from: string;
  text: string;
}
/**
 * A seat: an empty one is {name: null}; a filled one has all four fields.
 */
export interface Seat {
  name: string | null;
  bot?: string | null;
  connected?: boolean;
  away?: boolean;
}
export interface PotState1 {
  game: "pot" | "house";
  rules: string;
  banking: "pot" | "house";
  pot: number;
  house?: number;
  players: PotPlayer[];
  dealer: string;
  to_act: string | null;
  phase: string;
  /**
   * @maxItems 2
   */
  posts: Card[];
  ace_values: (("high" | "low") | null)[];
  spread?: number;
  pays?: number;
  pay_table?: PayTable;
  third_card: Card | null;
  deals_done: number;
  deals_total: number | null;
  shoe: Shoe;
  over: boolean;
  winners: string[];
}
/**
 * A seat of a pot or house game; wager and raised in house games.
 */
export interface PotPlayer {
  name: string;
  chips: number;
  bought: number;
  net: number;
  in: boolean;
  wager?: number;
  raised?: boolean;
}
export interface PayTable {
  spread: number[];
  trips: number;
}
export interface Shoe {
  remaining: number;
  discards: number;
  shuffles: number;
}
/**
 * The engine state of a ThreeBeTween game: docs/protocol.md, ThreeBeTween's state.
 */
export interface TbState {
  game: "threebetween";
  rules: string;
  round: number;
  target: number;
  phase: string;
  dealer: string;
  to_act: string | null;
  players: TbPlayer[];
  shoe: Shoe;
  over: boolean;
  winners: string[];
}
export interface TbPlayer {
  name: string;
  status: "in" | "passed" | "busted";
  limit_cards: Card[];
  limits: {
    low: Laid;
    high: Laid;
  } | null;
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
/**
 * A card laid in a space or as a limit; `as`: the letter a vowel or wild card stands for (null for a wild as a limit).
 */
export interface Laid {
  card: Card;
  as: string | null;
}
export interface Legal {
  player: string | null;
  actions: Choice[];
}
/**
 * One entry of the engine's legal reply: bet and rebuy carry their range (min, max); call its aces.
 */
export interface Choice {
  type:
    | "bet"
    | "pass"
    | "call"
    | "raise"
    | "stand"
    | "rebuy"
    | "keep"
    | "replace"
    | "place_limits"
    | "draw"
    | "place"
    | "end_turn"
    | "bank";
  amount?: number;
  ace?: ("high" | "low") | ("high" | "low")[];
  card?: Card;
  as?: string | null;
  low?: LaidChoice;
  high?: LaidChoice;
  min?: number;
  max?: number;
}
/**
 * A card and the letter it is laid as, in an action.
 */
export interface LaidChoice {
  card: Card;
  as?: string;
}
export interface GameEvent1 {
  type:
    | "shuffled"
    | "draw_for_deal"
    | "dealer_chosen"
    | "ante"
    | "banker_stake"
    | "rebuy"
    | "post_dealt"
    | "ace_called"
    | "posts_replaced"
    | "pair_paid"
    | "consecutive_loss"
    | "push"
    | "bet"
    | "raise"
    | "stand"
    | "pass"
    | "third_card"
    | "win"
    | "loss"
    | "dealer_takes_pot"
    | "dealer_changed"
    | "game_over"
    | "round_started"
    | "limit_dealt"
    | "kept"
    | "replaced"
    | "limits_laid"
    | "drew"
    | "placed"
    | "discarded"
    | "threebetween"
    | "banked"
    | "passed"
    | "bust"
    | "tally"
    | "played_for";
  player?: string;
  card?: Card;
  amount?: number;
  outcome?: string;
  ace?: "high" | "low";
  shuffle?: number;
  round?: number;
  dealer?: string;
  discarded?: Card;
  dealt?: Card;
  low?: Laid;
  high?: Laid;
  as?: string | null;
  points?: number;
  reason?: "identical_limits" | "nothing_placed" | "clock" | "away";
  bot?: string;
  banked_lost?: number;
  total?: number;
}
export interface TablesMsg {
  type: "tables";
  tables: TableListing[];
  /**
   * the request's id, copied
   */
  id?: string | number;
}
export interface TableListing {
  table: string;
  rules: string;
  status: "waiting" | "playing" | "over";
  seats: number;
  filled: number;
  watchers: number;
}
export interface PresetsMsg {
  type: "presets";
  presets: Preset[];
  bots: string[];
  /**
   * the request's id, copied
   */
  id?: string | number;
}
export interface Preset {
  name: string;
  family: "pot" | "house" | "threebetween";
  title: string;
  min_players: number;
  max_players: number;
  bots: string[];
  /**
   * the rule file's [lobby] order: the lobby selects the preset with the lowest
   */
  order: number;
  /**
   * the rule file's [lobby] table: the page's rules help
   */
  help: {
    how_to_play: string;
    rules: string[];
  };
}
export interface HintMsg {
  type: "hint";
  table: string;
  hint: Hint;
  /**
   * the request's id, copied
   */
  id?: string | number;
}
/**
 * The engine's hint reply without ok: pot and house games add cards_left, odds and kelly; ThreeBeTween composition.
 */
export interface Hint {
  player: string;
  unit: "chips" | "points";
  best: Action;
  choices: HintChoice[];
  cards_left?: number;
  odds?: Odds;
  kelly?: Action;
  composition?: string;
  /**
   * the chance to win the game, playing best_to_win
   */
  win_chance?: number;
  best_to_win?: Action;
  /**
   * whether best_to_win is another choice than best (the most expected chips or points)
   */
  best_to_win_differs?: boolean;
  /**
   * each seat's chance to win the game as it stands, in seat order
   */
  win_chances?: SeatChance[];
  win_estimate?: WinEstimate;
}
/**
 * An action object of the engine protocol (docs/protocol.md, actions).
 */
export interface Action {
  type:
    | "bet"
    | "pass"
    | "call"
    | "raise"
    | "stand"
    | "rebuy"
    | "keep"
    | "replace"
    | "place_limits"
    | "draw"
    | "place"
    | "end_turn"
    | "bank";
  amount?: number;
  ace?: "high" | "low";
  card?: Card;
  as?: string | null;
  low?: LaidChoice;
  high?: LaidChoice;
}
export interface HintChoice {
  action: Action;
  /**
   * in the hint's unit
   */
  value: number;
  why?: string;
  /**
   * the chance to win the game after this choice: exact heads-up where a table is solved, else estimated by playouts (win_estimate)
   */
  win_chance?: number;
}
export interface Odds {
  between: number;
  outside: number;
  hit_post: number;
  triple_ace: number;
  cards: number;
}
export interface SeatChance {
  player: string;
  chance: number;
  /**
   * the 95% interval's ends (equal to chance where exact)
   */
  low: number;
  high: number;
}
/**
 * present where the chances are estimated by playouts (no exact table): playouts per choice, by bots of this kind
 */
export interface WinEstimate {
  playouts: number;
  bot: string;
  /**
   * the widest 95% interval of a choice's chance
   */
  widest_interval: number;
}
/**
 * Each seat's chance to win the game as it stands (a `chances` request's answer).
 */
export interface ChancesMsg {
  type: "chances";
  table: string;
  game: number;
  /**
   * the moves played when the chances were worked out: the table message's `moves`
   */
  moves: number;
  /**
   * each seat's chance to win, in seat order, estimated by playouts of sensible bots
   */
  chances: SeatChance[];
  /**
   * the request's id, copied
   */
  id?: string | number;
}
/**
 * A spectator's line comes from "watcher", the server's own from "server".
 */
export interface ChatMsg {
  type: "chat";
  table: string;
  from: string;
  text: string;
}
export interface ReplayMsg {
  type: "replay";
  table: string;
  game: number;
  /**
   * the index of the first step in `steps` (0: the opening)
   */
  from: number;
  /**
   * steps in the whole game: the opening and one a move; a page asks for the rest with `from`
   */
  steps_total: number;
  steps: ReplayStep[];
  /**
   * the request's id, copied
   */
  id?: string | number;
}
export interface ReplayStep {
  player: string | null;
  action: Action | null;
  events: GameEvent[];
  state: State;
  /**
   * the server made this move for `player`: their time ran out (clock), or they were away (away); absent for a move of their own
   */
  by?: "clock" | "away";
}
/**
 * Older events of the game being played, on request (`events` with `from`), at most as many as a table message carries.
 */
export interface EventsMsg {
  type: "events";
  table: string;
  game: number;
  /**
   * the index of the first event in `events`
   */
  from: number;
  events: GameEvent[];
  event_count: number;
  /**
   * the request's id, copied
   */
  id?: string | number;
}
/**
 * A table's whole rules description, on request (`rules` with `table`).
 */
export interface RulesMsg {
  type: "rules";
  table: string;
  /**
   * the preset's name, or custom
   */
  rules: string;
  /**
   * the rule file's whole description (at most 64 KiB), which a table message's `title` carries cut
   */
  description: string;
  /**
   * the request's id, copied
   */
  id?: string | number;
}
export interface ErrorMsg {
  type: "error";
  code: string;
  message: string;
  /**
   * the request's id, copied
   */
  id?: string | number;
}
