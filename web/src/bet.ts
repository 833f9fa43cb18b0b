// The action controls: only the legal actions (from the `legal` the server sends to the player
// to act), a bet/wager amount limited to the legal range (number input and slider), and the
// keyboard shortcuts: 1-9 for the buttons in the order they are shown, and letters for the
// common ones. Buying chips (allowed at any time by some rules) sits apart, behind a
// confirmation, and no key buys. Ending a ThreeBeTween turn with cards that fit asks first.

import { fill, h } from './dom';
import { actionText } from './narration';
import type { Action, Choice, Legal } from './types';

interface Button {
  key: string | null; // letter shortcut
  el: HTMLButtonElement;
  run: () => void;
}

const LETTERS: Record<string, string> = {
  bet: 'b', pass: 'p', raise: 'r', stand: 's', keep: 'k', draw: 'd', bank: 'n', end_turn: 'e',
};

/** What the controls need to know besides `legal`. */
export interface TurnContext {
  mine: boolean; // the player is to act (a rebuy alone does not make a turn)
  placedThisTurn?: number; // ThreeBeTween: cards placed since the draw
  banked?: number; // ThreeBeTween: banked points a bust would lose
  note?: string; // a line above the buttons (Red Dog's raise: what the spread pays)
  cannotWin?: string; // why a bet now cannot win (nothing falls between the posts): a bet asks first
}

export class Controls {
  readonly el: HTMLElement;
  readonly clock: HTMLElement;
  private readonly status: HTMLElement;
  private readonly area: HTMLElement;
  private readonly hintSlot: HTMLElement; // the Hint button, in the turn's first line
  private mine = false;
  private rebuyOpen = false;
  private buttons: Button[] = [];
  private amountInput: HTMLInputElement | null = null;
  private lastAmount: number | null = null;
  private lastKey = '';
  private chance: HTMLElement | null = null;

  constructor(
    private readonly send: (a: Action) => void,
    private readonly askHint: () => void,
  ) {
    this.status = h('p', { class: 'turn', 'data-testid': 'status', role: 'status' });
    this.clock = h('span', { class: 'clock', 'data-testid': 'countdown', hidden: true });
    this.area = h('div', { class: 'actions', 'data-testid': 'actions' });
    this.hintSlot = h('span', { class: 'hint-slot' });
    this.el = h('section', { class: 'panel controls', 'aria-label': 'Your move' }, h('div', { class: 'turn-row' }, this.status, this.hintSlot, this.clock), this.area);
  }

  setStatus(text: string): void {
    this.status.textContent = text;
  }

  render(legal: Legal | null, family: string, ctx: TurnContext): void {
    this.buttons = [];
    this.amountInput = null;
    this.chance = null;
    this.mine = ctx.mine;
    this.area.replaceChildren();
    const all = legal?.actions ?? [];
    const actions = ctx.mine ? all.filter((c) => c.type !== 'rebuy') : [];
    const rebuy = all.find((c) => c.type === 'rebuy');
    const key = JSON.stringify(actions);
    if (key !== this.lastKey) this.lastAmount = null; // a new decision: start from the suggested amount
    this.lastKey = key;

    if (ctx.note && actions.length) this.area.appendChild(h('p', { class: 'turn-note', 'data-testid': 'turn-note' }, ctx.note));
    const bet = actions.find((c) => c.type === 'bet');
    if (bet) this.area.appendChild(this.amountControl(bet, family, ctx.cannotWin));
    const row = h('div', { class: 'action-buttons' });
    const canPlace = actions.some((c) => c.type === 'place');
    for (const c of actions) {
      if (c.type === 'bet') continue;
      if (c.type === 'call' && Array.isArray(c.ace)) {
        for (const ace of c.ace) this.addButton(row, { type: 'call', ace }, family, null);
      } else if (c.type === 'end_turn' && canPlace) {
        this.addButton(row, strip(c), family, 'e', () => this.confirmEndTurn(ctx, actions));
      } else {
        this.addButton(row, strip(c), family, LETTERS[c.type] ?? null);
      }
    }
    if (row.childElementCount) this.area.appendChild(row);
    this.hintSlot.replaceChildren();
    if (actions.length) {
      const hint = h('button', { type: 'button', class: 'hint-btn', 'data-testid': 'hint-button', onclick: () => this.askHint() }, 'Hint', h('kbd', { class: 'letter' }, 'h'));
      this.hintSlot.appendChild(hint);
    }
    // digits for the turn's buttons, in the order they are shown
    this.buttons.forEach((b, i) => {
      if (i < 9) b.el.prepend(h('kbd', { class: 'digit' }, String(i + 1)), ' ');
    });
    if (rebuy) this.area.appendChild(this.rebuyControl(rebuy));
  }

  /** Buying chips: apart from the turn's buttons, no key, and a second press to confirm. */
  private rebuyControl(c: Choice): HTMLElement {
    const min = c.min ?? 1;
    const max = Math.max(min, c.max ?? min);
    const input = h('input', {
      id: 'rebuy-amount', type: 'number', inputmode: 'numeric', min, max, step: 1, value: min, class: 'amount',
      'data-testid': 'rebuy-input', 'aria-label': `Chips to buy, ${min} to ${max}`,
    });
    const btn = h('button', { type: 'button', class: 'act act-rebuy', 'data-testid': 'action-rebuy' }, 'Buy');
    let armed = false;
    const amount = () => Math.min(max, Math.max(min, Math.round(Number(input.value) || min)));
    input.addEventListener('input', () => {
      armed = false;
      btn.textContent = 'Buy';
    });
    btn.addEventListener('click', () => {
      if (!armed) {
        armed = true;
        btn.textContent = `Confirm: buy ${amount()} chip${amount() === 1 ? '' : 's'}`;
        btn.classList.add('confirm');
        return;
      }
      btn.disabled = true;
      this.send({ type: 'rebuy', amount: amount() });
    });
    const box = h(
      'details',
      { class: 'rebuy', 'data-testid': 'rebuy', open: this.rebuyOpen },
      h('summary', {}, `Buy chips (${min}\u2013${max})`),
      h('div', { class: 'inline' }, input, btn),
    );
    box.addEventListener('toggle', () => (this.rebuyOpen = box.open));
    return box;
  }

  /** ThreeBeTween: End turn while a drawn card still fits asks first (nothing placed: a bust). */
  private confirmEndTurn(ctx: TurnContext, actions: Choice[]): void {
    const fits = [...new Set(actions.filter((c) => c.type === 'place').map((c) => c.card ?? '?'))];
    const bust = !ctx.placedThisTurn;
    const text = bust
      ? `Nothing placed yet: ending the turn now is a bust. The round scores 0${ctx.banked ? ` and the ${ctx.banked} banked points are lost` : ''}. ${fits.join(', ')} would fit.`
      : `${fits.join(', ')} still ${fits.length === 1 ? 'fits' : 'fit'}; ending the turn discards ${fits.length === 1 ? 'it' : 'them'}.`;
    const yes = h('button', { type: 'button', class: 'danger', 'data-testid': 'confirm-yes' }, bust ? 'Bust: end the turn' : 'End the turn');
    const no = h('button', { type: 'button', class: 'primary', 'data-testid': 'confirm-no' }, 'Keep placing');
    const box = h('div', { class: 'confirm-box', role: 'alertdialog', 'aria-label': 'End the turn?', 'data-testid': 'confirm-end-turn' }, h('p', {}, text), h('div', { class: 'action-buttons' }, no, yes));
    yes.addEventListener('click', () => {
      box.remove();
      this.fire({ type: 'end_turn' });
    });
    no.addEventListener('click', () => {
      box.remove();
      this.unlock();
    });
    for (const b of this.buttons) b.el.disabled = true;
    this.area.querySelector('.confirm-box')?.remove();
    this.area.prepend(box);
    no.focus();
  }

  private addButton(row: HTMLElement, a: Action, family: string, letter: string | null, onRun?: () => void): void {
    const idx = this.buttons.length;
    const el = h(
      'button',
      {
        type: 'button',
        class: `act act-${a.type}`,
        'data-testid': `action-${a.type}${a.type === 'call' ? `-${a.ace}` : ''}`,
        'data-action': JSON.stringify(a),
        'data-index': idx,
      },
      actionText(a, family),
      letter ? h('kbd', { class: 'letter' }, letter) : null,
    );
    const run = onRun ?? (() => this.fire(a));
    el.addEventListener('click', run);
    row.appendChild(el);
    this.buttons.push({ key: letter, el, run });
  }

  /** The exact chance that the third card wins, beside the bet (from the engine's odds). */
  setChance(text: string): void {
    if (this.chance) this.chance.textContent = text;
  }

  private amountControl(c: Choice, family: string, cannotWin?: string): HTMLElement {
    const min = c.min ?? 1;
    const max = Math.max(min, c.max ?? min);
    const isBet = c.type === 'bet';
    const start = this.lastAmount !== null && this.lastAmount >= min && this.lastAmount <= max ? this.lastAmount : min;
    const id = isBet ? 'bet-amount' : 'rebuy-amount';
    const input = h('input', {
      id,
      type: 'number',
      inputmode: 'numeric',
      min,
      max,
      step: 1,
      value: start,
      class: 'amount',
      'data-testid': isBet ? 'bet-input' : 'rebuy-input',
      'aria-label': `${actionText({ type: c.type }, family)} amount, ${min} to ${max}`,
    });
    const slider = h('input', {
      type: 'range',
      min,
      max,
      step: 1,
      value: start,
      class: 'slider',
      disabled: min === max,
      'data-testid': isBet ? 'bet-slider' : 'rebuy-slider',
      'aria-label': `${actionText({ type: c.type }, family)} amount slider`,
    });
    const clamp = (v: number) => Math.min(max, Math.max(min, Math.round(Number.isFinite(v) ? v : min)));
    slider.addEventListener('input', () => {
      input.value = slider.value;
      if (isBet) this.lastAmount = Number(slider.value);
    });
    input.addEventListener('input', () => {
      const v = Number(input.value);
      if (Number.isFinite(v) && v >= min && v <= max) slider.value = String(v);
      if (isBet) this.lastAmount = v;
    });
    input.addEventListener('change', () => {
      input.value = String(clamp(Number(input.value)));
      slider.value = input.value;
    });
    // A bet that cannot win is the rules' to allow and the player's to make, but never by a slip.
    let armed = false;
    const warning = cannotWin ? h('p', { class: 'cannot-win', 'data-testid': 'cannot-win', role: 'alert' }, cannotWin) : null;
    const run = () => {
      const amount = clamp(Number(input.value));
      input.value = String(amount);
      if (cannotWin && !armed) {
        armed = true;
        btn.classList.add('confirm');
        fill(btn, `Confirm: ${actionText({ type: c.type }, family).toLowerCase()} ${amount} that cannot win`);
        return;
      }
      this.fire({ type: c.type, amount });
    };
    const disarm = () => {
      if (!armed) return;
      armed = false;
      btn.classList.remove('confirm');
      fill(btn, actionText({ type: c.type }, family), letter ? h('kbd', { class: 'letter' }, letter) : null);
    };
    input.addEventListener('input', disarm);
    slider.addEventListener('input', disarm);
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        run();
      }
    });
    const letter = isBet ? 'b' : null;
    const btn = h(
      'button',
      { type: 'button', class: `act act-${c.type} primary`, 'data-testid': `action-${c.type}` },
      actionText({ type: c.type }, family),
      letter ? h('kbd', { class: 'letter' }, letter) : null,
    );
    btn.addEventListener('click', run);
    this.buttons.push({ key: letter, el: btn, run });
    if (isBet) this.amountInput = input;
    this.chance = isBet ? h('p', { class: 'chance', 'data-testid': 'win-chance', 'aria-live': 'polite' }) : null;
    return h(
      'div',
      { class: 'amount-box' },
      warning,
      h(
        'div',
        { class: `amount-row ${c.type}` },
        h('label', { for: id, class: 'amount-label' }, `${min}\u2013${max}`),
        input,
        slider,
        btn,
      ),
      this.chance,
    );
  }

  private fire(a: Action): void {
    for (const b of this.buttons) b.el.disabled = true;
    this.send(a);
  }

  /** Re-enables the buttons (the action was refused). */
  unlock(): void {
    for (const b of this.buttons) b.el.disabled = false;
  }

  /** A keyboard shortcut; true when it was one. */
  key(e: KeyboardEvent): boolean {
    if (!this.mine) return false; // off turn no key acts (a rebuy is a button with a confirmation)
    const k = e.key.toLowerCase();
    if (/^[1-9]$/.test(k)) {
      const b = this.buttons[Number(k) - 1];
      if (b && !b.el.disabled) {
        b.run();
        return true;
      }
      return false;
    }
    if ((k === '+' || k === '=' || k === '-') && this.amountInput) {
      const inp = this.amountInput;
      const v = Number(inp.value) + (k === '-' ? -1 : 1);
      if (v >= Number(inp.min) && v <= Number(inp.max)) {
        inp.value = String(v);
        inp.dispatchEvent(new Event('input'));
      }
      return true;
    }
    const b = this.buttons.find((x) => x.key === k);
    if (b && !b.el.disabled) {
      b.run();
      return true;
    }
    return false;
  }
}

/** The action to send for a legal choice (no range fields). */
function strip(c: Choice): Action {
  const { min: _min, max: _max, ...rest } = c;
  return rest as Action;
}
