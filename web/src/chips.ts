// Chips moving between a seat and the pot (Red Dog: the house's side of the table) for the events
// of one message: a disc with the amount flies from the seat to the pot or back, a short CSS
// animation beside the third card's. None under prefers-reduced-motion; a tap on the board or any
// key ends them at once (land()). Decoration only: the seats and the pot already show the result,
// and the narration says it in words.

import { h } from './dom';
import { reducedMotion } from './feel';
import type { GameEvent } from './types';

export interface Flight {
  player: string;
  amount: number;
  toPot: boolean; // from the seat to the pot; false: from the pot to the seat
}

const TO_POT = new Set(['ante', 'loss', 'consecutive_loss']);
const FROM_POT = new Set(['win', 'pair_paid', 'dealer_takes_pot']);
const MAX_FLIGHTS = 12; // a message with more (a whole table's antes at 8 seats) shows the first ones

/** The chips an event moves between a seat and the pot; null when it moves none there. Pot games:
 * antes, losses and consecutive posts go in, wins, pairs and the dealer's take come out (a bet
 * stays with the player until the third card). House games: the wager and a raise go onto the
 * table, a win and a push come back (a lost wager is already on the house's side). */
export function flightOf(e: GameEvent, house: boolean): Flight | null {
  const amount = e.amount ?? 0;
  if (!e.player || amount <= 0) return null;
  const flight = (toPot: boolean): Flight => ({ player: e.player!, amount, toPot });
  if (house) {
    if (e.type === 'bet' || e.type === 'raise') return flight(true);
    if (e.type === 'win' || e.type === 'push') return flight(false);
    return null;
  }
  if (TO_POT.has(e.type)) return flight(true);
  if (FROM_POT.has(e.type)) return flight(false);
  return null;
}

let layer: HTMLElement | null = null;

function chipLayer(): HTMLElement {
  if (!layer || !layer.isConnected) {
    layer = h('div', { class: 'chip-layer', 'aria-hidden': 'true' });
    document.body.appendChild(layer);
  }
  return layer;
}

function centre(el: Element): { x: number; y: number } | null {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return null;
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  // both ends on screen: a chip flying in from below the fold shows nothing useful
  return x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight ? { x, y } : null;
}

/** Starts the chips of these events flying, from the seats (`seat-N`, by the names in `seats`)
 * to the pot (`pot`) and back. Call after the message is drawn, so both ends are where they now
 * are. Returns how many flew. */
export function flyChips(events: GameEvent[], seats: (string | null)[], house: boolean): number {
  if (reducedMotion()) return 0;
  const pot = document.querySelector('[data-testid=pot]');
  const potAt = pot && centre(pot);
  if (!potAt) return 0;
  let n = 0;
  for (const e of events) {
    if (n >= MAX_FLIGHTS) break;
    const f = flightOf(e, house);
    const seat = f ? seats.indexOf(f.player) : -1;
    if (!f || seat < 0) continue;
    const seatEl = document.querySelector(`[data-testid=seat-${seat}]`);
    const seatAt = seatEl && centre(seatEl);
    if (!seatAt) continue;
    const [from, to] = f.toPot ? [seatAt, potAt] : [potAt, seatAt];
    const chip = h(
      'span',
      {
        class: `chip-fly ${f.toPot ? 'in' : 'out'}`,
        'data-from': f.toPot ? `seat-${seat}` : 'pot',
        'data-to': f.toPot ? 'pot' : `seat-${seat}`,
      },
      String(f.amount),
    );
    // Through the CSSOM, not a style attribute: the server's Content-Security-Policy allows no inline style.
    chip.style.left = `${from.x}px`;
    chip.style.top = `${from.y}px`;
    chip.style.setProperty('--dx', `${to.x - from.x}px`);
    chip.style.setProperty('--dy', `${to.y - from.y}px`);
    chip.style.animationDelay = `${n * 90}ms`;
    chip.addEventListener('animationend', () => chip.remove());
    chipLayer().appendChild(chip);
    n += 1;
  }
  return n;
}

/** Ends every flight at once (a tap on the board, a key). */
export function land(): void {
  layer?.replaceChildren();
}
