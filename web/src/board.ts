// The pot/house board: the pot (or the house's result), the deal just settled with its third
// card between its posts and what it paid, and the posts of the decision now. New cards come in
// with a short animation (none under prefers-reduced-motion; a tap on the board skips it).

import { cardEl, cardText, slotEl } from './cards';
import type { Deal } from './deal';
import { h, signed } from './dom';
import { afterLanding, holdToo, holdUntilLanded, isLanding } from './moment';
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

/** Test ids of a deal's parts: the board's main deal keeps the first ids the tests knew. */
const IDS = {
  focus: { deal: 'last-deal', post: 'deal-post-', third: 'third-card', outcome: 'deal-outcome' },
  mine: { deal: 'my-deal', post: 'my-deal-post-', third: 'my-third-card', outcome: 'my-deal-outcome' },
};

/** A settled deal: its posts with the third card between them, the outcome, the chips.
 * `fresh`: it lands now (the third card turns over; the outcome and the chips wait for it);
 * `ids`: which test ids it carries (none: a replay's or another copy's). */
export function renderDeal(
  d: Deal,
  house: boolean,
  opts: { fresh?: boolean; title?: string; ids?: keyof typeof IDS; onSeen?: () => void } = {},
): HTMLElement {
  const ids = opts.ids ? IDS[opts.ids] : null;
  const row = h('div', { class: 'deal-cards' });
  const post = (i: number) =>
    d.posts[i] ? cardEl(d.posts[i], { ace: d.aces[i] ?? null, testid: ids ? `${ids.post}${i}` : undefined }) : slotEl('no post');
  row.appendChild(post(0));
  let third: Element | null = null;
  if (d.third) {
    third = cardEl(d.third, { testid: ids?.third });
    third.classList.add('third', `out-${d.outcome}`);
    if (opts.fresh) third.classList.add('land');
    row.appendChild(third);
  } else {
    row.appendChild(h('div', { class: 'no-third' }, '\u2014'));
  }
  row.appendChild(post(1));
  const who = opts.title ?? (d.player ? `${d.player}\u2019s deal` : 'The hand');
  const moves = d.moves.map((m) => moveText(m, house));
  const outcome = h('strong', { class: `deal-out out-${d.outcome}`, 'data-testid': ids?.outcome }, dealOutcome(d));
  const said = moves.length ? h('p', { class: 'deal-moves' }, moves.join(' \u00b7 ')) : null;
  const seen = opts.onSeen;
  const el = h(
    'div',
    { class: `deal${opts.fresh ? ' fresh' : ''}${opts.ids === 'mine' ? ' mine' : ''}`, 'data-testid': ids?.deal, 'data-player': d.player ?? undefined },
    h(
      'div',
      { class: 'deal-head' },
      h('span', { class: 'deal-who' }, who),
      outcome,
      seen ? h('button', { type: 'button', class: 'seen-btn', 'data-testid': 'my-deal-seen', 'aria-label': 'Seen: put your last deal away', onclick: () => seen() }, '\u2715') : null,
    ),
    row,
    said,
  );
  // The result waits for the card: nobody reads "outside the posts" while it is still turning.
  if (third && opts.fresh) holdUntilLanded(third, [outcome, ...(said ? [said] : [])]);
  return el;
}

/** A deal in a line of the strip: who, the posts and third card as text, how it ended, the
 * chips it moved. */
function stripItem(d: Deal, house: boolean, me: string | null): HTMLElement {
  const cards = [d.posts[0], d.third, d.posts[1]].map((c, i) =>
    c ? h('span', { class: `mini${i === 1 ? ' mini-third' : ''}${/[HD]$/.test(c) ? ' red' : ''}` }, cardText(c)) : i === 1 ? h('span', { class: 'mini none' }, '\u2013') : null,
  );
  const net = new Map<string, number>();
  for (const m of d.moves) {
    const sign = m.type === 'win' || m.type === 'pair_paid' || m.type === 'dealer_takes_pot' ? 1 : m.type === 'loss' || m.type === 'consecutive_loss' ? -1 : 0;
    if (sign) net.set(m.player, (net.get(m.player) ?? 0) + sign * m.amount);
  }
  const chipsMoved = [...net].map(([who, n]) => `${who} ${signed(n)}`).join(', ');
  return h(
    'li',
    { class: `strip-deal out-${d.outcome}${me && d.player === me ? ' mine' : ''}`, 'data-testid': 'strip-deal', 'data-serial': d.serial },
    h('span', { class: 'strip-who' }, d.player ?? (house ? 'hand' : '')),
    h('span', { class: 'strip-cards' }, ...cards),
    h('span', { class: 'strip-out' }, dealOutcome(d)),
    chipsMoved ? h('span', { class: 'strip-chips' }, chipsMoved) : null,
  );
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
  focus: Deal | null; // the deal shown largest: the last settled (its third card, if any)
  mine?: Deal | null; // your own last deal, when it is not the focus and you have not seen it go
  strip?: Deal[]; // the deals settled before, newest first
  me?: string | null;
  fresh: boolean; // the focus was settled by this message: it lands, and the next posts come in
  potDelta: number; // change of the pot (or house) since the last message
  onSeen?: () => void; // a tap on your own last deal: seen, put it away
}

export function renderPotBoard(s: PotState, o: BoardOpts = { focus: null, fresh: false, potDelta: 0 }): HTMLElement {
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
  const amount = (n: number) => (house ? signed(n) : String(n));
  const now = house ? (s.house ?? 0) : s.pot;
  const potN = h('span', { class: 'pot-n' }, amount(now));
  const money = h('div', { class: 'pot', 'data-testid': 'pot' }, h('span', { class: 'pot-l' }, house ? 'house ' : 'pot '), potN, delta);
  // Red Dog plays hands (its state counts them in deals_done/deals_total), the pot games deals.
  const round = house ? 'hand' : 'deal';
  const deals = s.deals_total ? `${round} ${Math.min(s.deals_done + 1, s.deals_total)} of ${s.deals_total}` : `${round} ${s.deals_done + 1}`;
  const whose = s.over ? null : house ? (s.posts.length ? 'The posts' : null) : s.to_act ? `${s.to_act}\u2019s posts` : null;
  const board = h(
    'section',
    { class: 'board pot-board', 'aria-label': 'The table', role: 'region' },
    money,
    o.focus || o.mine
      ? h(
          'div',
          { class: 'deals' },
          o.focus ? renderDeal(o.focus, house, { fresh: o.fresh, ids: 'focus' }) : null,
          o.mine ? renderDeal(o.mine, house, { ids: 'mine', title: 'Your last deal', onSeen: o.onSeen }) : null,
        )
      : null,
    o.strip?.length
      ? h('ol', { class: 'deal-strip', 'data-testid': 'deal-strip', 'aria-label': 'Deals before', tabindex: 0 }, ...o.strip.map((d) => stripItem(d, house, o.me ?? null)))
      : null,
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
  // The pot shows what it held until the card that changed it has landed.
  if (o.fresh && isLanding()) {
    if (delta) holdToo([delta]);
    if (o.potDelta) {
      potN.textContent = amount(now - o.potDelta);
      afterLanding(() => (potN.textContent = amount(now)));
    }
  }
  return board;
}
