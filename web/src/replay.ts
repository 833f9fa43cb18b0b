// The step-through of a finished game (`replay` reply): a slider over the steps, each shown with
// the step's events in words and the table: in the pot and house games the deal the step played
// (the acting player's posts, from the state before the step, with the third card of the step's
// events), then the table as the step left it.

import { renderPotBoard } from './board';
import { dealOfStep } from './deal';
import { h, signed } from './dom';
import { actionText, eventText } from './narration';
import { renderScoreSheet, renderTbBoard } from './threebetween';
import type { ReplayStep, State } from './types';
import { isTb } from './types';

export class ReplayView {
  readonly el: HTMLElement;
  private steps: ReplayStep[] = [];
  private family = 'pot';
  private readonly slider: HTMLInputElement;
  private readonly label: HTMLElement;
  private readonly view: HTMLElement;

  constructor(onClose: () => void) {
    this.slider = h('input', { type: 'range', min: 0, max: 0, value: 0, class: 'slider', 'data-testid': 'replay-slider', 'aria-label': 'Step' });
    this.slider.addEventListener('input', () => this.show(Number(this.slider.value)));
    this.label = h('span', { class: 'replay-label', 'data-testid': 'replay-label', 'aria-live': 'polite' });
    this.view = h('div', { class: 'replay-view' });
    const prev = h('button', { type: 'button', 'aria-label': 'Previous step', onclick: () => this.step(-1) }, '\u25C0');
    const next = h('button', { type: 'button', 'aria-label': 'Next step', onclick: () => this.step(1) }, '\u25B6');
    this.el = h(
      'section',
      { class: 'panel replay', 'data-testid': 'replay', hidden: true, 'aria-label': 'Replay' },
      h('div', { class: 'replay-head' }, h('h2', {}, 'Replay'), h('button', { type: 'button', class: 'link-btn', onclick: onClose, 'data-testid': 'replay-close' }, 'close')),
      h('div', { class: 'replay-controls' }, prev, this.slider, next),
      this.label,
      this.view,
      h('p', { class: 'sub keys-only' }, 'Keys: \u2190 \u2192 step, Home/End first/last, Esc closes.'),
    );
  }

  get open(): boolean {
    return !this.el.hidden;
  }

  load(steps: ReplayStep[], family: string, game: number): void {
    this.steps = steps;
    this.family = family;
    this.slider.max = String(Math.max(0, steps.length - 1));
    this.el.hidden = false;
    (this.el.querySelector('h2') as HTMLElement).textContent = `Replay of game ${game}`;
    this.show(0);
  }

  /** Steps after those loaded (the next page of a long game's replay). */
  append(steps: ReplayStep[]): void {
    this.steps.push(...steps);
    this.slider.max = String(Math.max(0, this.steps.length - 1));
    this.show(Math.min(this.steps.length - 1, Math.max(0, Number(this.slider.value))));
  }

  close(): void {
    this.el.hidden = true;
  }

  step(d: number): void {
    this.show(Math.min(this.steps.length - 1, Math.max(0, Number(this.slider.value) + d)));
  }

  key(e: KeyboardEvent): boolean {
    if (!this.open) return false;
    if (e.key === 'ArrowLeft') this.step(-1);
    else if (e.key === 'ArrowRight') this.step(1);
    else if (e.key === 'Home') this.show(0);
    else if (e.key === 'End') this.show(this.steps.length - 1);
    else if (e.key === 'Escape') this.close();
    else return false;
    return true;
  }

  private show(i: number): void {
    const st = this.steps[i];
    if (!st) return;
    this.slider.value = String(i);
    const by = st.by === 'clock' ? ' (time ran out: a bot played)' : st.by === 'away' ? ' (away: a bot played)' : '';
    const what = st.player && st.action ? `${st.player}: ${actionText(st.action, this.family)}${by}` : 'the deal';
    this.label.textContent = `Step ${i} of ${this.steps.length - 1} \u2014 ${what}`;
    const before = i > 0 ? this.steps[i - 1].state : null;
    this.view.replaceChildren(
      boardOf(st, before, this.family),
      h('ol', { class: 'replay-events' }, ...st.events.map((e) => h('li', {}, eventText(e, this.family)))),
    );
  }
}

function boardOf(st: ReplayStep, before: State | null, family: string): HTMLElement {
  const s = st.state;
  if (isTb(s)) return h('div', {}, renderTbBoard(s, null, isTb(before) ? before : null, undefined, [], false), renderScoreSheet(s));
  const last = dealOfStep(before && !isTb(before) ? before : null, st.events, family === 'house');
  return h(
    'div',
    {},
    renderPotBoard(s, { focus: last, fresh: false, potDelta: 0 }),
    h('ul', { class: 'replay-stacks' }, ...s.players.map((p) => h('li', {}, `${p.name}: ${p.chips} (${signed(p.net)})`))),
  );
}
