// The table's common parts: the header (code, status, fairness), the seats with their stacks
// or scores, and the pot/house board (posts, spread, pot).

import { cardEl, slotEl } from './cards';
import { h, signed } from './dom';
import type { PotState, Seat, State, TableMsg } from './types';
import { isTb } from './types';

export function joinLink(code: string): string {
  return `${location.origin}${location.pathname}#${code}`;
}

export function renderHeader(t: TableMsg, onCopy: () => void): HTMLElement {
  const status =
    t.status === 'waiting' ? (t.seats.some((x) => !x.name) ? 'waiting for players' : `game ${t.game} waiting for the start`) : t.status === 'playing' ? `game ${t.game} in play` : `game ${t.game} over`;
  return h(
    'header',
    { class: 'table-head' },
    h(
      'div',
      { class: 'title-row' },
      h('span', { class: 'code', 'data-testid': 'table-code', title: 'table code' }, t.table),
      h('button', { type: 'button', class: 'link-btn', onclick: onCopy, 'data-testid': 'copy-link' }, 'copy join link'),
      h('span', { class: `badge status-${t.status}`, 'data-testid': 'table-status' }, status),
    ),
    h('div', { class: 'rules-title' }, h('strong', {}, t.rules), ' \u2014 ', t.title, ` \u00b7 ${t.timeout} s a turn`),
  );
}

export function renderFairness(t: TableMsg): HTMLElement {
  const commit = t.commit ?? '';
  return h(
    'details',
    { class: 'fairness', 'data-testid': 'fairness' },
    h('summary', {}, 'Fairness: ', h('code', {}, commit ? `${commit.slice(0, 12)}\u2026` : 'none yet'), t.seed ? ' (seed revealed)' : ''),
    h(
      'p',
      {},
      'Before the first card the server published SHA-256 of "table:game:seed". ',
      t.seed ? 'The seed is revealed: anyone can check the commitment.' : 'The seed is revealed when the game is over.',
    ),
    h('div', { class: 'hex' }, h('span', {}, 'commit '), h('code', { 'data-testid': 'commit' }, commit || '\u2014')),
    h('div', { class: 'hex' }, h('span', {}, 'seed '), h('code', { 'data-testid': 'seed' }, t.seed ?? 'hidden until the end')),
    t.seed ? h('div', { class: 'hex' }, h('span', {}, 'check '), h('code', {}, `${t.table}:${t.game}:${t.seed}`)) : null,
  );
}

function seatStats(state: State | null, name: string): HTMLElement | null {
  if (!state) return null;
  if (isTb(state)) {
    const p = state.players.find((x) => x.name === name);
    if (!p) return null;
    return h(
      'span',
      { class: 'stats' },
      h('span', { class: 'stack', title: 'total score' }, `${p.total} pts`),
      h('span', { class: 'sub' }, p.status === 'in' ? `round ${p.round}` : p.status),
    );
  }
  const p = state.players.find((x) => x.name === name);
  if (!p) return null;
  return h(
    'span',
    { class: 'stats' },
    h('span', { class: 'stack', title: 'chips' }, `${p.chips}`, h('span', { class: 'unit' }, ' chips')),
    h('span', { class: `sub ${p.net > 0 ? 'up' : p.net < 0 ? 'down' : ''}` }, signed(p.net)),
    p.wager ? h('span', { class: 'sub wager' }, `wager ${p.wager}${p.raised ? ' (raised)' : ''}`) : null,
    p.in ? null : h('span', { class: 'sub' }, 'out'),
  );
}

export function renderSeats(t: TableMsg): HTMLElement {
  const state = t.state;
  const list = h('ul', { class: 'seats', 'data-testid': 'seats' });
  t.seats.forEach((s: Seat, i: number) => {
    const name = s.name;
    const toAct = !!name && state?.to_act === name;
    const dealer = !!name && !!state && state.dealer === name;
    const cls = ['seat', toAct ? 'to-act' : '', t.you === i ? 'me' : '', name ? '' : 'empty'].filter(Boolean).join(' ');
    const flags: string[] = [];
    if (s.bot) flags.push(`bot: ${s.bot}`);
    else if (name && s.connected === false) flags.push('offline');
    if (s.away) flags.push('away (a bot plays)');
    if (i === t.creator) flags.push('host');
    list.appendChild(
      h(
        'li',
        { class: cls, 'data-testid': `seat-${i}`, 'aria-current': toAct ? 'true' : null },
        h(
          'span',
          { class: 'who' },
          toAct ? h('span', { class: 'turn-dot', 'aria-label': 'to act' }, '\u25B6 ') : null,
          h('span', { class: 'name' }, name ?? 'empty seat'),
          t.you === i ? h('span', { class: 'you' }, ' (you)') : null,
          dealer ? h('span', { class: 'dealer', title: 'dealer' }, ' D') : null,
        ),
        flags.length ? h('span', { class: 'flags' }, flags.join(' \u00b7 ')) : null,
        name ? seatStats(state, name) : null,
      ),
    );
  });
  return h('section', { class: 'panel seats-panel', 'aria-label': 'Seats' }, list);
}

/** Who is to act, in words. */
export function turnLine(t: TableMsg): string {
  if (t.status === 'waiting') return 'Waiting for the host to start.';
  if (t.status === 'over' || !t.state || t.state.over) return 'The game is over.';
  const me = t.you !== null ? t.seats[t.you]?.name : null;
  if (t.to_act && t.to_act === me) return 'Your turn.';
  return t.to_act ? `${t.to_act} to act.` : '';
}

const PHASES: Record<string, string> = {
  wager: 'place your wagers',
  call_first_ace: 'call the first ace high or low',
  call_second_ace: 'call the second ace high or low',
  bet: 'bet on the third card',
  raise: 'raise or stand',
  over: 'over',
};

export function renderPotBoard(s: PotState): HTMLElement {
  const posts = h('div', { class: 'posts', 'data-testid': 'posts' });
  for (let i = 0; i < 2; i++) {
    const c = s.posts[i];
    posts.appendChild(
      c ? cardEl(c, { ace: s.ace_values[i] ?? null, testid: `post-${i}` }) : slotEl(i === 0 ? 'first post, not dealt' : 'second post, not dealt'),
    );
    if (i === 0) {
      const mid = s.third_card
        ? cardEl(s.third_card, { testid: 'third-card' })
        : h(
            'div',
            { class: 'spread', 'data-testid': 'spread' },
            s.spread !== undefined ? h('span', { class: 'spread-n' }, String(s.spread)) : h('span', { class: 'spread-n' }, '\u2013'),
            h('span', { class: 'spread-l' }, 'spread'),
          );
      posts.appendChild(mid);
    }
  }
  const money =
    s.banking === 'house'
      ? h('div', { class: 'pot', 'data-testid': 'pot' }, h('span', { class: 'pot-l' }, 'house '), h('span', { class: 'pot-n' }, signed(s.house ?? 0)))
      : h('div', { class: 'pot', 'data-testid': 'pot' }, h('span', { class: 'pot-l' }, 'pot '), h('span', { class: 'pot-n' }, String(s.pot)));
  const deals = s.deals_total ? `deal ${Math.min(s.deals_done + 1, s.deals_total)} of ${s.deals_total}` : `deal ${s.deals_done + 1}`;
  return h(
    'section',
    { class: 'board pot-board', 'aria-label': 'The table' },
    money,
    posts,
    h(
      'div',
      { class: 'board-info' },
      h('span', {}, PHASES[s.phase] ?? s.phase),
      h('span', {}, s.over ? 'game over' : deals),
      h('span', {}, `shoe ${s.shoe.remaining}${s.shoe.shuffles ? `, reshuffled ${s.shoe.shuffles}\u00d7` : ''}`),
    ),
  );
}
