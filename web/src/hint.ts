// The hint panel: the engine's exact value of every choice (`hint` reply), the odds of the third
// card in the pot and house games, and the Kelly bet.

import { dequal } from 'dequal';
import { h } from './dom';
import { touchScreen } from './feel';
import { actionText } from './narration';
import type { Action, Hint } from './types';

/** The same action, deeply: ThreeBeTween's limits are objects inside the action (a key list given
 * to JSON.stringify would drop their fields and make every layout the same). */
function same(a: Action, b: Action): boolean {
  return dequal(a, b);
}

/** How to ask: by key where there is a keyboard, by the button on a touch screen. */
const ASK = () => (touchScreen() ? 'Tap Hint on your turn for the exact value of each choice.' : 'Press h or ? on your turn for the exact value of each choice.');

function pct(n: number, of: number): string {
  return of ? `${((100 * n) / of).toFixed(1)}%` : '\u2013';
}

export class HintPanel {
  readonly el: HTMLElement;
  private readonly body: HTMLElement;

  constructor(private readonly play: (a: Action) => void) {
    this.body = h('div', { class: 'hint-body' }, h('p', { class: 'sub' }, ASK()));
    this.el = h('section', { class: 'panel hint', 'data-testid': 'hint', 'aria-label': 'Hint', 'aria-live': 'polite' }, h('h2', {}, 'Hint'), this.body);
  }

  clear(): void {
    this.body.replaceChildren(h('p', { class: 'sub' }, ASK()));
  }

  /** A line in place of a hint (e.g. asked off turn). */
  note(text: string): void {
    this.body.replaceChildren(h('p', { class: 'sub' }, text));
  }

  waiting(): void {
    this.body.replaceChildren(h('p', { class: 'sub' }, 'Working out the odds\u2026'));
  }

  show(hint: Hint, family: string): void {
    const parts: HTMLElement[] = [];
    parts.push(h('p', { class: 'best' }, 'Best: ', h('strong', {}, actionText(hint.best, family))));
    if (hint.odds) parts.push(oddsBar(hint.odds));
    // Each choice's chance to win the game beside it: exact heads-up where a table is solved, else estimated.
    const toWin = hint.choices.some((c) => c.win_chance !== undefined);
    const rows = hint.choices.map((c) => {
      const v = c.value;
      const best = same(c.action, hint.best);
      return h(
        'tr',
        { class: best ? 'best-row' : '' },
        h('td', {}, actionText(c.action, family), c.why ? h('span', { class: 'why' }, ` (${c.why})`) : null),
        h('td', { class: 'num' }, v === undefined ? '' : (v >= 0 ? '+' : '') + v.toFixed(3)),
        toWin ? h('td', { class: 'num' }, c.win_chance === undefined ? '' : `${(100 * c.win_chance).toFixed(1)}%`) : null,
        h('td', {}, h('button', { type: 'button', class: 'small-btn', 'aria-label': `Play ${actionText(c.action, family)}`, onclick: () => this.play(c.action) }, 'play')),
      );
    });
    parts.push(
      h(
        'table',
        { class: 'hint-table' },
        h(
          'thead',
          {},
          h('tr', {}, h('th', {}, 'choice'), h('th', { class: 'num' }, hint.unit === 'points' ? 'exp. round score' : 'exp. chips'), toWin ? h('th', { class: 'num' }, 'to win') : null, h('th', {}, '')),
        ),
        h('tbody', {}, ...rows),
      ),
    );
    if (hint.best_to_win && hint.win_chance !== undefined)
      parts.push(
        h(
          'p',
          { class: hint.best_to_win_differs ? 'best' : 'sub', 'data-testid': 'best-to-win' },
          'To win the game: ',
          h('strong', {}, actionText(hint.best_to_win, family)),
          ` (${(100 * hint.win_chance).toFixed(1)}% to win)`,
          hint.best_to_win_differs ? ', not the best for chips' : ', the same',
        ),
      );
    if (hint.win_estimate)
      parts.push(
        h(
          'p',
          { class: 'sub', 'data-testid': 'win-estimate' },
          `Chances to win estimated by ${hint.win_estimate.playouts} playouts a choice with ${hint.win_estimate.bot} bots (95% interval at most \u00b1${(50 * hint.win_estimate.widest_interval).toFixed(1)} points).`,
        ),
      );
    if (hint.win_chances)
      parts.push(
        h('p', { class: 'sub', 'data-testid': 'seat-chances' }, 'Chance to win now: ', hint.win_chances.map((c) => `${c.player} ${(100 * c.chance).toFixed(1)}%`).join(', ')),
      );
    if (hint.kelly) parts.push(h('p', { class: 'sub' }, 'Kelly (most growth of the stack): ', h('strong', {}, actionText(hint.kelly, family))));
    if (hint.composition) parts.push(h('p', { class: 'sub' }, `Solved for a ${hint.composition} deck.`));
    if (hint.cards_left !== undefined) parts.push(h('p', { class: 'sub' }, `${hint.cards_left} card${hint.cards_left === 1 ? '' : 's'} unseen since the shuffle.`));
    this.body.replaceChildren(...parts);
  }
}

function oddsBar(o: NonNullable<Hint['odds']>): HTMLElement {
  const segs: [string, number, string][] = [
    ['between', o.between, 'between'],
    ['outside', o.outside, 'outside'],
    ['hit_post', o.hit_post, 'hit a post'],
    ['triple_ace', o.triple_ace, 'three aces'],
  ];
  const bar = h('div', { class: 'odds-bar', role: 'img', 'aria-label': segs.map(([, n, l]) => `${l} ${pct(n, o.cards)}`).join(', ') });
  const legend = h('ul', { class: 'odds-legend' });
  for (const [k, n, l] of segs) {
    if (!n) continue;
    const seg = h('span', { class: `seg seg-${k}` });
    seg.style.width = `${(100 * n) / o.cards}%`;
    bar.appendChild(seg);
    legend.appendChild(h('li', {}, h('span', { class: `sw seg-${k}` }), ` ${l}: ${n}/${o.cards} (${pct(n, o.cards)})`));
  }
  return h('div', { class: 'odds' }, bar, legend);
}
