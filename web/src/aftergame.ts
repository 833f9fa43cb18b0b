// After a game: the standings, "play again" for the creator, the verify and log links, and a
// button for the step-through of the game.

import { h, signed } from './dom';
import { isLocal } from './local';
import { chips } from './narration';
import type { TableMsg } from './types';
import { isTb } from './types';

export interface AfterGameActions {
  again(): void;
  replay(): void;
  /** The game's log as a file (a game on this device: no server keeps it). */
  log(): void;
}

/** `earlier`: a game before the one being played now (no "play again"; folded); `live`: the game
 * ended while the page was there (a moment for the winner). */
export function renderAfterGame(t: TableMsg, act: AfterGameActions, opts: { earlier?: boolean; live?: boolean } = {}): HTMLElement | null {
  const s = t.state;
  if (t.status !== 'over' || !s) return null;
  const code = encodeURIComponent(t.table);
  const rows = isTb(s)
    ? [...s.players].sort((a, b) => b.total - a.total).map((p) => [p.name, `${p.total} points`])
    : [...s.players].sort((a, b) => b.net - a.net).map((p) => [p.name, `${chips(p.chips)} (${signed(p.net)})`]);
  const winners = s.winners;
  const list = h(
    'ol',
    { class: 'standings', 'data-testid': 'standings' },
    ...rows.map(([name, what]) =>
      h('li', { class: winners.includes(name) ? 'winner' : '' }, h('span', { class: 'name' }, name), ' ', h('span', { class: 'sub' }, what), winners.includes(name) ? ' \u2605' : ''),
    ),
  );
  const isCreator = t.you !== null && t.you === t.creator;
  const headline =
    !isTb(s) && s.banking === 'house'
      ? winners.length
        ? `Ahead of the house: ${winners.join(', ')}`
        : 'Nobody beat the house.'
      : `Winner${winners.length > 1 ? 's' : ''}: ${winners.join(', ')}`;
  // What the game left in the pot (nobody's: a pot game that ends on its deals).
  const left = !isTb(s) && s.banking === 'pot' && s.pot > 0 ? h('p', { class: 'sub', 'data-testid': 'pot-left' }, `${chips(s.pot)} left in the pot.`) : null;
  const body = [
    h('p', { class: 'headline' }, headline),
    list,
    left,
    h(
      'div',
      { class: 'after-actions' },
      opts.earlier
        ? null
        : isCreator
          ? h('button', { type: 'button', class: 'primary', 'data-testid': 'again', onclick: act.again }, 'Play again')
          : h('span', { class: 'sub' }, 'The host may start another game.'),
      ...(isLocal(t.table)
        ? opts.earlier
          ? [] // this device keeps its latest game only
          : [
              h('button', { type: 'button', 'data-testid': 'replay-button', onclick: act.replay }, 'Step through the game'),
              h('button', { type: 'button', 'data-testid': 'log-link', onclick: act.log }, 'Download the log'),
            ]
        : serverLinks(t, code, act, !!opts.earlier)),
    ),
  ];
  if (opts.earlier) {
    return h('details', { class: 'panel after-game earlier', 'data-testid': 'earlier-game' }, h('summary', {}, `Game ${t.game}: ${headline}`), ...body);
  }
  return h(
    'section',
    { class: `panel after-game${opts.live ? ' celebrate' : ''}`, 'data-testid': 'after-game', 'aria-label': 'Game over' },
    h('h2', {}, `Game ${t.game} is over`),
    ...body,
  );
}

/** The step-through, verify and log of a server's game (its own pages). */
function serverLinks(t: TableMsg, code: string, act: AfterGameActions, earlier: boolean): HTMLElement[] {
  return [
    h('button', { type: 'button', 'data-testid': 'replay-button', onclick: act.replay }, 'Step through the game'),
    h('a', { href: `/tables/${code}/verify${earlier ? `?game=${t.game}` : ''}`, target: '_blank', rel: 'noopener', 'data-testid': 'verify-link' }, 'Verify'),
    h('a', { href: `/tables/${code}/log?game=${t.game}`, download: `inbetween-${t.table}-${t.game}.jsonl`, 'data-testid': 'log-link' }, 'Download log'),
  ];
}
