// The deals of a pot or house game as they happen, read from the events: the posts dealt, the
// aces called, the bets, the third card and what it paid. The state only has the posts of the
// decision now (the next deal's, once a bet is settled), so the deal that decided the bet, with
// its third card, is kept here until the next one is settled.

import type { Card, GameEvent } from './types';

export interface Deal {
  player: string | null; // whose deal (pot games); null: the table's (house games)
  posts: Card[];
  aces: (string | null)[];
  third: Card | null;
  /** How it ended: a third card's outcome, or pass, push, pair_paid, consecutive_loss. */
  outcome: string | null;
  /** What happened to the chips, in order: who, what (bet, win, loss, push...), how many. */
  moves: { player: string; type: string; amount: number }[];
  /** Its place among the game's settled deals (1, 2, ...); 0 while it is being played. */
  serial: number;
  /** How many players' actions came before it was settled: the deals one move settles share it. */
  move: number;
}

function fresh(player: string | null): Deal {
  return { player, posts: [], aces: [], third: null, outcome: null, moves: [], serial: 0, move: 0 };
}

/** How many settled deals the tracker keeps for the board's strip and your own last deal. */
const KEPT = 12;

/** The events that start a player's move (the rest follow from it). */
const ACTIONS = new Set(['bet', 'pass', 'raise', 'stand', 'ace_called', 'rebuy', 'played_for']);

export class DealTracker {
  /** The deal being played (posts on the table, not settled). */
  current: Deal | null = null;
  /** The last settled deal: shown on the board with its third card. */
  last: Deal | null = null;
  /** The deals the last feed that settled any settled, in order (one bet's message can also
   * settle the next player's pair or consecutive posts): the board shows them all. */
  recent: Deal[] = [];
  /** The last settled deals, oldest first (at most KEPT): the board's strip of deals. */
  history: Deal[] = [];
  /** How many deals the game has settled so far (the serial of the last). */
  count = 0;
  /** How many players' actions the events have had so far. */
  private actions = 0;
  private marked = false; // the last event was a played_for marker
  /** Per player: how many deals were settled when they last made a move of their own. */
  private moved = new Map<string, number>();

  constructor(private readonly house: boolean) {}

  reset(): void {
    this.current = null;
    this.last = null;
    this.recent = [];
    this.history = [];
    this.count = 0;
    this.actions = 0;
    this.marked = false;
    this.moved.clear();
  }

  /** The deal the board shows largest: of the deals the last message settled, the last with a
   * third card (a bet's, not the next player's pair dealt after it), else the last. */
  get focus(): Deal | null {
    return [...this.recent].reverse().find((d) => d.third) ?? this.recent.at(-1) ?? null;
  }

  /** The last settled deal that was `name`'s: their posts (pot games), or a hand they wagered
   * on (house games). */
  lastOf(name: string | null): Deal | null {
    if (!name) return null;
    for (let i = this.history.length - 1; i >= 0; i--) {
      const d = this.history[i];
      if (this.house ? d.moves.some((m) => m.player === name && m.type === 'bet') : d.player === name) return d;
    }
    return null;
  }

  /** The deals `name` had seen by their last move of their own (their last deal is the next). */
  seenBy(name: string | null): number {
    return name ? (this.moved.get(name) ?? 0) : 0;
  }

  /** After a whole game's events in one message (a reload, a late arrival): only the deals the
   * last move settled count as just settled, as on a page that was there all along (it got that
   * move in a message of its own). */
  settleQuietly(): void {
    const last = this.history.at(-1);
    this.recent = last ? this.history.filter((d) => d.move === last.move) : [];
  }

  /** Reads events in order; true when a deal was settled among them. */
  feed(events: GameEvent[]): boolean {
    let settled = false;
    const settle = (outcome: string) => {
      const d = this.current ?? fresh(null);
      d.outcome = outcome;
      d.serial = ++this.count;
      d.move = this.actions;
      this.history.push(d);
      if (this.history.length > KEPT) this.history.shift();
      this.last = d;
      this.current = null;
      if (!settled) this.recent = [];
      this.recent.push(d);
      settled = true;
    };
    for (const e of events) {
      const who = e.player ?? '';
      // a marker and the action it goes before are one move
      if (ACTIONS.has(e.type) && !(e.type !== 'played_for' && this.marked)) this.actions += 1;
      // a move of their own (not one a bot made for them, not buying chips)
      if (ACTIONS.has(e.type) && e.type !== 'played_for' && e.type !== 'rebuy' && !this.marked && e.player) this.moved.set(e.player, this.count);
      this.marked = e.type === 'played_for';
      switch (e.type) {
        case 'post_dealt': {
          const d = this.current;
          if (!d || d.posts.length >= 2 || (!this.house && d.player !== (e.player ?? null))) this.current = fresh(e.player ?? null);
          this.current!.posts.push(e.card ?? '?');
          this.current!.aces.push(null);
          break;
        }
        case 'posts_replaced':
          if (this.current) {
            this.current.posts = [];
            this.current.aces = [];
          }
          break;
        case 'ace_called':
          if (this.current) {
            const i = this.current.posts.indexOf(e.card ?? '');
            this.current.aces[i >= 0 ? i : 0] = e.ace ?? null;
          }
          break;
        case 'bet':
          // House games: the wagers come before the posts of the hand.
          if (this.house) {
            if (this.current && this.current.posts.length === 2) settle('push');
            this.current ??= fresh(null);
          }
          this.current?.moves.push({ player: who, type: e.type, amount: e.amount ?? 0 });
          break;
        case 'raise':
        case 'stand':
          this.current?.moves.push({ player: who, type: e.type, amount: e.amount ?? 0 });
          break;
        case 'pass':
          if (this.house) this.current?.moves.push({ player: who, type: 'pass', amount: 0 });
          else if (this.current) settle('pass');
          break;
        case 'third_card':
          if (this.current) {
            this.current.third = e.card ?? null;
            settle(e.outcome ?? 'third');
          }
          break;
        case 'pair_paid':
        case 'consecutive_loss':
          if (this.current) {
            this.current.moves.push({ player: who, type: e.type, amount: e.amount ?? 0 });
            settle(e.type);
          }
          break;
        case 'push':
          // A push settles a deal with no third card (consecutive posts); after a third card
          // (a pair without trips) it is one of the deal's results.
          if (this.current && this.current.posts.length === 2) {
            this.current.moves.push({ player: who, type: 'push', amount: e.amount ?? 0 });
            if (!this.house) settle('push');
          } else this.last?.moves.push({ player: who, type: 'push', amount: e.amount ?? 0 });
          break;
        case 'win':
        case 'loss':
        case 'dealer_takes_pot':
          (this.current && this.house && this.current.posts.length === 2 ? this.current : this.last)?.moves.push({
            player: who,
            type: e.type,
            amount: e.amount ?? 0,
          });
          break;
      }
    }
    if (this.house && this.current && this.current.posts.length === 2 && this.current.moves.some((m) => m.type === 'push')) {
      settle('push');
    }
    return settled;
  }
}

/** The deal a replay step plays: the posts of the state before it and the step's events (the
 * first deal they settle: the acting player's, not the next player's pair dealt after it). */
export function dealOfStep(before: { posts: Card[]; ace_values: (string | null)[]; to_act: string | null } | null, events: GameEvent[], house: boolean): Deal | null {
  const t = new DealTracker(house);
  if (before && before.posts.length) {
    t.current = { player: house ? null : before.to_act, posts: [...before.posts], aces: [...before.ace_values], third: null, outcome: null, moves: [], serial: 0, move: 0 };
  }
  return t.feed(events) ? t.recent[0] : null;
}
