// Words for the engine's events and actions (docs/protocol.md), and the narration panel that
// tells the game as it goes.

import { cardText } from './cards';
import { h } from './dom';
import type { Action, GameEvent, Choice } from './types';

export const OUTCOMES: Record<string, string> = {
  between: 'between the posts',
  outside: 'outside the posts',
  hit_post: 'hit a post',
  triple_ace: 'three aces',
  trips: 'trips',
  no_trips: 'no trips',
};

export function chips(n: number | undefined): string {
  return `${n ?? 0} chip${n === 1 ? '' : 's'}`;
}

function laid(l: { card: string; as?: string | null } | undefined): string {
  if (!l) return '?';
  return l.as && l.card.includes('/') ? `${l.card} as ${l.as}` : l.card;
}

/** One sentence for one event; `family`: "house" words a wager as a wager. */
export function eventText(e: GameEvent, family?: string): string {
  const house = family === 'house';
  const who = e.player ?? 'The table';
  const c = e.card ? cardText(e.card) : '';
  switch (e.type) {
    case 'shuffled':
      return e.shuffle ? `The discards are shuffled (reshuffle ${e.shuffle}).` : 'The cards are shuffled.';
    case 'draw_for_deal':
      return `${who} draws ${c} for the deal.`;
    case 'dealer_chosen':
      return house ? `${who} wagers first.` : `${who} deals first.`;
    case 'ante':
      return `${who} antes ${chips(e.amount)}.`;
    case 'banker_stake':
      return `${who} stakes ${chips(e.amount)} as banker.`;
    case 'rebuy':
      return `${who} buys ${chips(e.amount)}.`;
    case 'post_dealt':
      return e.player ? `Post for ${e.player}: ${c}.` : `Post: ${c}.`;
    case 'ace_called':
      return `${who} calls the ace ${e.ace}.`;
    case 'posts_replaced':
      return 'The posts are a pair: they are replaced.';
    case 'pair_paid':
      return `A pair of posts: ${who} takes ${chips(e.amount)} from the pot.`;
    case 'consecutive_loss':
      return `Consecutive posts: ${who} pays ${chips(e.amount)} into the pot.`;
    case 'push':
      return e.amount ? `${who}: a push, the ${chips(e.amount)} ${e.amount === 1 ? 'comes' : 'come'} back.` : `${who}: no bet this turn.`;
    case 'bet':
      return `${who} ${house ? 'wagers' : 'bets'} ${e.amount}.`;
    case 'raise':
      return `${who} raises by ${e.amount}.`;
    case 'stand':
      return `${who} stands.`;
    case 'pass':
      return `${who} passes.`;
    case 'third_card':
      return `Third card ${c}: ${OUTCOMES[e.outcome ?? ''] ?? e.outcome}.`;
    case 'win':
      return `${who} wins ${chips(e.amount)}.`;
    case 'loss':
      return `${who} loses ${chips(e.amount)}${e.outcome === 'hit_post' ? ' (hit the post)' : ''}.`;
    case 'dealer_takes_pot':
      return `${who}, the dealer, takes the ${chips(e.amount)} left in the pot.`;
    case 'dealer_changed':
      // Red Dog: the house deals; the order of play moves round each hand.
      return house ? `Next hand, ${who} wagers first.` : `The deal passes to ${who}.`;
    case 'game_over':
      return 'The game is over.';
    case 'played_for':
      return playedForWhy(e) + ` a ${e.bot ?? 'sensible'} bot plays for ${who}.`;
    // ThreeBeTween
    case 'round_started':
      return `Round ${e.round} starts; ${e.dealer} deals.`;
    case 'limit_dealt':
      return `${who} is dealt a limit card.`;
    case 'kept':
      return `${who} keeps both limit cards.`;
    case 'replaced':
      return `${who} replaces ${e.discarded} with ${e.dealt}.`;
    case 'limits_laid':
      return `${who} lays the limits ${laid(e.low)} and ${laid(e.high)}.`;
    case 'drew':
      return `${who} draws ${c}.`;
    case 'placed':
      return `${who} places ${laid({ card: e.card ?? '?', as: e.as })}.`;
    case 'discarded':
      return `${who} discards ${c}.`;
    case 'threebetween':
      return `${who} has a ThreeBeTween!`;
    case 'banked':
      return `${who} banks ${e.points} points.`;
    case 'passed':
      return `${who} passes with ${e.points} points for the round.`;
    case 'bust':
      return `${who} busts (${e.reason === 'identical_limits' ? 'identical limits' : 'nothing placed'})${e.banked_lost ? `, losing ${e.banked_lost} banked` : ''}.`;
    case 'tally':
      return `${who} scores ${e.round} this round: ${e.total} in all.`;
    default:
      return `${who}: ${e.type}.`;
  }
}

function playedForWhy(marker: GameEvent): string {
  return marker.reason === 'away' ? `${marker.player} is away:` : 'Time ran out:';
}

/** The first event of a move the server made for a person: "Time ran out: a bot bet 1 for Bob." */
export function playedForText(marker: GameEvent, e: GameEvent, family?: string): string {
  const why = playedForWhy(marker);
  const who = marker.player ?? '';
  const house = family === 'house';
  switch (e.type) {
    case 'bet':
      return `${why} a bot ${house ? 'wagered' : 'bet'} ${e.amount} for ${who}.`;
    case 'pass':
      return `${why} a bot passed for ${who}.`;
    case 'raise':
      return `${why} a bot raised by ${e.amount} for ${who}.`;
    case 'stand':
      return `${why} a bot stood for ${who}.`;
    case 'ace_called':
      return `${why} a bot called the ace ${e.ace} for ${who}.`;
    default: {
      return `${why} a bot played for ${who}: ${eventText(e, family)}`;
    }
  }
}

/** Words for an action (a button, a hint line, a replay step). */
export function actionText(a: Action | Choice, family?: string): string {
  switch (a.type) {
    case 'bet':
      if (a.amount === undefined) return family === 'house' ? 'Wager' : 'Bet';
      return `${family === 'house' ? 'Wager' : 'Bet'} ${a.amount}`;
    case 'pass':
      return family === 'threebetween' ? 'Pass (end my round)' : 'Pass';
    case 'call':
      return `Call the ace ${typeof a.ace === 'string' ? a.ace : ''}`.trim();
    case 'raise':
      return 'Raise (double)';
    case 'stand':
      return 'Stand';
    case 'rebuy':
      return a.amount === undefined ? 'Rebuy' : `Rebuy ${a.amount}`;
    case 'keep':
      return 'Keep both limits';
    case 'replace':
      return `Replace ${a.card}`;
    case 'place_limits':
      return `Lay ${laid(a.low)} low, ${laid(a.high)} high`;
    case 'draw':
      return 'Draw';
    case 'place':
      return a.card === '?' ? 'Place the wild' : `Place ${laid({ card: a.card ?? '?', as: a.as })}`;
    case 'end_turn':
      return 'End turn';
    case 'bank':
      return 'Bank';
    default:
      return a.type;
  }
}

const MAX_LINES = 600; // a whole `table` message's 500 events fit

export class Narration {
  readonly el: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly earlierBtn: HTMLButtonElement;
  /** The index of the first event told (older ones are asked for a page at a time). */
  private first = 0;
  private playedFor: GameEvent | null = null; // a move the server is making for a person, until its first event

  constructor(private readonly askEarlier: (before: number) => void = () => undefined) {
    // it scrolls: a keyboard reaches it
    this.list = h('ol', { class: 'narration-list', 'data-testid': 'narration', 'aria-live': 'polite', 'aria-label': 'What happened, in order', tabindex: 0 });
    this.earlierBtn = h('button', { type: 'button', class: 'link-btn', 'data-testid': 'earlier-events', hidden: true, onclick: () => this.askEarlier(this.first) }, 'Earlier in this game');
    this.el = h('section', { class: 'panel narration', 'aria-label': 'What happened' }, h('h2', {}, 'Play by play'), this.earlierBtn, this.list);
  }

  clear(): void {
    this.list.replaceChildren();
    this.playedFor = null;
    this.from(0);
  }

  /** The first event told is the game's `index`th: older ones can be asked for. */
  from(index: number): void {
    this.first = index;
    this.earlierBtn.hidden = index <= 0;
  }

  /** Older events (an `events` reply from `index`), told above the others. */
  earlier(events: GameEvent[], index: number, me?: string | null, family?: string): void {
    // only the events before those told (a page may reach past them)
    const want = this.first - index;
    if (index < 0 || want <= 0 || events.length < want) return;
    events = events.slice(0, want);
    const held = this.playedFor;
    // below the game's heading note, above the first event told
    let at = this.list.firstElementChild;
    while (at?.classList.contains('note')) at = at.nextElementSibling;
    this.playedFor = null;
    const lines = this.add(events, me, family, index, false);
    // hundreds of old lines at once are not news: a screen reader is not made to read them all
    this.list.setAttribute('aria-busy', 'true');
    for (const li of lines) this.list.insertBefore(li, at);
    this.list.removeAttribute('aria-busy');
    this.playedFor = held;
    this.from(index);
  }

  /** Tells `events`; returns the lines it added. A move the server made for a person (their
   * clock ran out, or they are away: a `played_for` event before it) is said so, with the move. */
  /** `index`: the game's index of `events[0]` (the lines keep it, so that what is dropped from the
   * top can be asked for again). */
  add(events: GameEvent[], me?: string | null, family?: string, index = 0, latest = true): HTMLElement[] {
    const added: HTMLElement[] = [];
    for (const [i, e] of events.entries()) {
      if (e.type === 'played_for') {
        this.playedFor = e;
        continue;
      }
      const marker = this.playedFor && e.player === this.playedFor.player ? this.playedFor : null;
      if (marker) this.playedFor = null;
      const text = marker ? playedForText(marker, e, family) : eventText(e, family);
      const li = h('li', { class: `ev ev-${e.type}${me && e.player === me ? ' mine' : ''}${marker ? ' played-for' : ''}`, 'data-ev': index + i - (marker ? 1 : 0) }, text);
      this.list.appendChild(li);
      added.push(li);
    }
    if (!latest) return added; // the caller puts them above
    if (this.list.childElementCount > MAX_LINES) {
      while (this.list.childElementCount > MAX_LINES) this.list.firstElementChild?.remove();
      // the oldest told is now further on: older ones can be asked for again
      const oldest = this.list.querySelector<HTMLElement>('li.ev');
      if (oldest) this.from(Number(oldest.dataset.ev));
    }
    this.list.scrollTop = this.list.scrollHeight;
    return added;
  }

  note(text: string, cls = 'note'): void {
    this.list.appendChild(h('li', { class: cls }, text));
    this.list.scrollTop = this.list.scrollHeight;
  }
}
