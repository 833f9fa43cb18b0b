// The table's common parts: the header (code, status, the rules and knobs in force), fairness,
// and the seats with their stacks or scores. The pot/house board is board.ts.

import { isLocal } from './local';
import { h, signed } from './dom';
import type { Seat, State, TableMsg } from './types';
import { isTb } from './types';

export function joinLink(code: string): string {
  return `${location.origin}${location.pathname}#${code}`;
}

/** The knobs the table changed, as "deals = 30, target = 40"; empty for none. */
export function knobsText(t: Pick<TableMsg, 'set'>): string {
  return Object.entries(t.set ?? {})
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ');
}

export function renderHeader(t: TableMsg, onCopy: () => void): HTMLElement {
  const knobs = knobsText(t);
  const status =
    t.status === 'waiting' ? (t.seats.some((x) => !x.name) ? 'waiting for players' : `game ${t.game} waiting for the start`) : t.status === 'playing' ? `game ${t.game} in play` : `game ${t.game} over`;
  return h(
    'header',
    { class: 'table-head' },
    h(
      'div',
      { class: 'title-row' },
      // A game on this device has no code to share, nor a link.
      isLocal(t.table)
        ? h('span', { class: 'code local', 'data-testid': 'table-code', title: 'played on this device, with no server' }, 'on this device')
        : h('span', { class: 'code', 'data-testid': 'table-code', title: 'table code' }, t.table),
      isLocal(t.table) ? null : h('button', { type: 'button', class: 'link-btn', onclick: onCopy, 'data-testid': 'copy-link' }, 'copy link'),
      h('span', { class: `badge status-${t.status}`, 'data-testid': 'table-status' }, status),
    ),
    // The preset's own description says what its knobs were; with knobs changed it would say
    // something untrue ("first to 100" with target = 40), so the changed knobs stand in its place.
    h(
      'div',
      { class: 'rules-title', 'data-testid': 'rules-title' },
      h('strong', {}, t.rules),
      knobs ? h('span', { 'data-testid': 'knobs' }, ' with ', knobs) : h('span', {}, ' \u2014 ', t.title),
      isLocal(t.table) ? null : ` \u00b7 ${t.timeout} s a turn`,
    ),
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
      'Before the first card the server published a SHA-256 commitment to the rules, the knobs, the players and the seed. ',
      t.seed ? 'The seed is revealed: the game\u2019s log and its check (inbetween verify) show it all matches.' : 'The seed is revealed when the game is over.',
    ),
    h('div', { class: 'hex' }, h('span', {}, 'commit '), h('code', { 'data-testid': 'commit' }, commit || '\u2014')),
    h('div', { class: 'hex' }, h('span', {}, 'seed '), h('code', { 'data-testid': 'seed' }, t.seed ?? 'hidden until the end')),
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
    h('span', { class: 'stack', title: 'chips' }, `${p.chips}`, h('span', { class: 'unit' }, p.chips === 1 ? ' chip' : ' chips')),
    h('span', { class: `sub ${p.net > 0 ? 'up' : p.net < 0 ? 'down' : ''}` }, signed(p.net)),
    p.wager ? h('span', { class: 'sub wager' }, `wager ${p.wager}${p.raised ? ' (raised)' : ''}`) : null,
    p.in ? null : h('span', { class: 'sub' }, 'out'),
  );
}

/** The seats; `onBack`: what "I'm back" does on your own seat when a bot plays it for you. */
export function renderSeats(t: TableMsg, onBack?: () => void): HTMLElement {
  const state = t.state;
  // a strip that scrolls on a phone: a keyboard reaches it
  const list = h('ul', { class: 'seats', 'data-testid': 'seats', 'aria-label': 'Players', tabindex: 0 });
  t.seats.forEach((s: Seat, i: number) => {
    const name = s.name;
    const toAct = !!name && state?.to_act === name;
    // Red Dog: the house deals; its `dealer` is only who wagers first.
    const dealer = !!name && !!state && state.dealer === name && !(!isTb(state) && state.banking === 'house');
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
        t.you === i && s.away && onBack
          ? h('button', { type: 'button', class: 'small-btn', 'data-testid': 'back', onclick: onBack }, "I'm back")
          : null,
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
  if (t.you !== null && t.seats[t.you]?.away) return "A bot plays your seat while you are away: press I'm back.";
  // Pass-and-play (a game on this device with several people): the page names whose turn it is.
  const people = t.seats.filter((x) => x.name && !x.bot).length;
  if (t.to_act && t.to_act === me && isLocal(t.table) && people > 1) return `${me}\u2019s turn: pass the device to ${me}.`;
  if (t.to_act && t.to_act === me) return 'Your turn.';
  return t.to_act ? `${t.to_act} to act.` : '';
}
