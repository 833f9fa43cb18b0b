// The pot/house board: the pot (or the house's result), the deal just settled with its third
// card between its posts and what it paid, and the posts of the decision now. New cards come in
// with a short animation (none under prefers-reduced-motion; a tap on the board skips it).

import { cardEl, cardText, slotEl } from './cards';
import type { Deal } from './deal';
import { h, signed } from './dom';
import { chips, OUTCOMES } from './narration';
import { isTb, type PotState, type TableMsg } from './types';

const PHASES: Record<string, string> = {
  wager: 'place your wagers',
  call_first_ace: 'call the first ace high or low',
  call_second_ace: 'call the second ace high or low',
  bet: 'bet on the third card',
  raise: 'raise or stand',
  over: 'over',
};

const ENDINGS: Record<string, string> = {
  pass: 'passed: no third card',
  push: 'a push: no third card',
  pair_paid: 'a pair of posts',
  consecutive_loss: 'consecutive posts',
};

/** What a deal ended in, in words. */
export function dealOutcome(d: Deal): string {
  if (d.outcome && ENDINGS[d.outcome]) return ENDINGS[d.outcome];
  return d.outcome ? (OUTCOMES[d.outcome] ?? d.outcome) : '';
}

function moveText(m: Deal['moves'][number], house: boolean): string {
  switch (m.type) {
    case 'bet':
      return `${m.player} ${house ? 'wagers' : 'bets'} ${m.amount}`;
    case 'raise':
      return `${m.player} raises ${m.amount}`;
    case 'stand':
      return `${m.player} stands`;
    case 'pass':
      return `${m.player} passes`;
    case 'win':
      return `${m.player} wins ${chips(m.amount)}`;
    case 'loss':
      return `${m.player} loses ${chips(m.amount)}`;
    case 'push':
      return m.amount ? `${m.player}: ${chips(m.amount)} back` : `${m.player}: no bet`;
    case 'pair_paid':
      return `${m.player} takes ${chips(m.amount)}`;
    case 'consecutive_loss':
      return `${m.player} pays ${chips(m.amount)}`;
    case 'dealer_takes_pot':
      return `${m.player} takes the ${chips(m.amount)} left`;
    default:
      return `${m.player}: ${m.type}`;
  }
}

/** A settled deal: its posts with the third card between them, the outcome, the chips. */
/** `first`: the first of the deals shown (its cards carry the test ids). */
export function renderDeal(d: Deal, house: boolean, opts: { fresh?: boolean; title?: string; first?: boolean } = {}): HTMLElement {
  const id = (name: string) => (opts.first === false ? undefined : name);
  const row = h('div', { class: 'deal-cards' });
  const post = (i: number) =>
    d.posts[i] ? cardEl(d.posts[i], { ace: d.aces[i] ?? null, testid: id(`deal-post-${i}`) }) : slotEl('no post');
  row.appendChild(post(0));
  if (d.third) {
    const third = cardEl(d.third, { testid: id('third-card') });
    third.classList.add('third', `out-${d.outcome}`);
    if (opts.fresh) third.classList.add('land');
    row.appendChild(third);
  } else {
    row.appendChild(h('div', { class: 'no-third' }, '\u2014'));
  }
  row.appendChild(post(1));
  const who = opts.title ?? (d.player ? `${d.player}\u2019s deal` : 'The hand');
  const moves = d.moves.map((m) => moveText(m, house));
  return h(
    'div',
    { class: `deal${opts.fresh ? ' fresh' : ''}`, 'data-testid': id('last-deal') },
    h('div', { class: 'deal-head' }, h('span', { class: 'deal-who' }, who), h('strong', { class: `deal-out out-${d.outcome}`, 'data-testid': id('deal-outcome') }, dealOutcome(d))),
    row,
    moves.length ? h('p', { class: 'deal-moves' }, moves.join(' \u00b7 ')) : null,
  );
}

/** The deals one message settled: the last one with a third card (else the last) with its
 * cards; any other in a line of text, so that a bet's third card is never pushed off the board
 * by the pairs and consecutive posts dealt after it. */
function settledDeals(o: BoardOpts, house: boolean): HTMLElement[] {
  if (!o.last.length) return [];
  const main = [...o.last].reverse().find((d) => d.third) ?? o.last[o.last.length - 1];
  const line = (d: Deal) =>
    h(
      'li',
      {},
      `${d.player ? `${d.player}\u2019s deal` : 'The hand'} ${d.posts.map(cardText).join(' ')}: ${dealOutcome(d)}`,
      d.moves.length ? ` \u2014 ${d.moves.map((m) => moveText(m, house)).join(', ')}` : '',
    );
  const before = o.last.slice(0, o.last.indexOf(main));
  const after = o.last.slice(o.last.indexOf(main) + 1);
  return [
    before.length ? h('ul', { class: 'deal-also' }, ...before.map(line)) : null,
    renderDeal(main, house, { fresh: o.fresh }),
    after.length ? h('ul', { class: 'deal-also', 'aria-label': 'Then' }, ...after.map((d) => line(d))) : null,
  ].filter((x): x is HTMLElement => !!x);
}

/** Red Dog's pay rates, the table's own (`pay_table`), entry by entry: the spread of the posts
 * now (if any) is marked. */
function renderPayTable(s: PotState): HTMLElement | null {
  const t = s.pay_table;
  if (!t || !t.spread.length) return null;
  const n = t.spread.length;
  const entries = t.spread.map((pays, i) => {
    const now = s.spread !== undefined && s.spread > 0 && Math.min(s.spread, n) === i + 1;
    const label = n === 1 ? 'any spread' : i === n - 1 && n < 11 ? `${i + 1}+` : String(i + 1);
    return h('span', { class: now ? 'pay this' : 'pay' }, `${label}: ${pays}:1`);
  });
  const parts: (HTMLElement | string)[] = [];
  entries.forEach((e, i) => parts.push(...(i ? [' \u00b7 ', e] : [e])));
  return h('p', { class: 'pay-table', 'data-testid': 'pay-table' }, 'Spread pays ', ...parts, ' \u00b7 ', h('span', { class: 'pay' }, `trips: ${t.trips}:1`));
}

/** At Red Dog's raise decision, for the player to act: what the spread pays, standing or raised. */
export function raiseNote(t: TableMsg): string | undefined {
  const s = t.state;
  if (!s || isTb(s) || s.banking !== 'house' || s.phase !== 'raise' || s.pays === undefined || s.spread === undefined) return undefined;
  const wager = s.players.find((p) => p.name === s.to_act)?.wager ?? 0;
  const raise = t.legal?.actions.some((a) => a.type === 'raise')
    ? `; raised to ${wager * 2}, it wins ${chips(wager * 2 * s.pays)}`
    : '';
  return `Spread ${s.spread} pays ${s.pays} to 1: your wager of ${wager} wins ${chips(wager * s.pays)} on a card between${raise}.`;
}

export interface BoardOpts {
  last: Deal[]; // the deals settled by the last message that settled any, in order
  fresh: boolean; // a deal was settled by this message: animate it and the next posts
  potDelta: number; // change of the pot (or house) since the last message
}

export function renderPotBoard(s: PotState, o: BoardOpts = { last: [], fresh: false, potDelta: 0 }): HTMLElement {
  const house = s.banking === 'house';
  const posts = h('div', { class: `posts${o.fresh ? ' deal-in' : ''}`, 'data-testid': 'posts' });
  for (let i = 0; i < 2; i++) {
    const c = s.posts[i];
    posts.appendChild(
      c ? cardEl(c, { ace: s.ace_values[i] ?? null, testid: `post-${i}` }) : slotEl(i === 0 ? 'first post, not dealt' : 'second post, not dealt'),
    );
    if (i === 0) {
      posts.appendChild(
        h(
          'div',
          { class: 'spread', 'data-testid': 'spread' },
          h('span', { class: 'spread-n' }, s.spread !== undefined ? String(s.spread) : '\u2013'),
          h('span', { class: 'spread-l' }, 'spread'),
          house && s.pays !== undefined ? h('span', { class: 'spread-pays', 'data-testid': 'pays' }, `pays ${s.pays}:1`) : null,
        ),
      );
    }
  }
  const delta = o.potDelta ? h('span', { class: `pot-delta ${o.potDelta > 0 ? 'up' : 'down'}`, 'aria-hidden': 'true' }, signed(o.potDelta)) : null;
  const money = house
    ? h('div', { class: 'pot', 'data-testid': 'pot' }, h('span', { class: 'pot-l' }, 'house '), h('span', { class: 'pot-n' }, signed(s.house ?? 0)), delta)
    : h('div', { class: 'pot', 'data-testid': 'pot' }, h('span', { class: 'pot-l' }, 'pot '), h('span', { class: 'pot-n' }, String(s.pot)), delta);
  // Red Dog plays hands (its state counts them in deals_done/deals_total), the pot games deals.
  const round = house ? 'hand' : 'deal';
  const deals = s.deals_total ? `${round} ${Math.min(s.deals_done + 1, s.deals_total)} of ${s.deals_total}` : `${round} ${s.deals_done + 1}`;
  const whose = s.over ? null : house ? (s.posts.length ? 'The posts' : null) : s.to_act ? `${s.to_act}\u2019s posts` : null;
  return h(
    'section',
    { class: 'board pot-board', 'aria-label': 'The table', role: 'region' },
    money,
    ...settledDeals(o, house),
    s.over ? null : h('div', { class: 'now' }, whose ? h('div', { class: 'deal-head' }, h('span', { class: 'deal-who' }, whose)) : null, posts),
    house ? renderPayTable(s) : null,
    h(
      'div',
      { class: 'board-info' },
      h('span', {}, PHASES[s.phase] ?? s.phase),
      h('span', {}, s.over ? 'game over' : deals),
      h('span', {}, `shoe ${s.shoe.remaining}${s.shoe.shuffles ? `, reshuffled ${s.shoe.shuffles}\u00d7` : ''}`),
    ),
  );
}
