// The moment a third card lands: what it decided (the outcome, the chips it moved, the pot's
// change, the stacks, the narration's result lines, the standings) waits until the card has
// turned over, so that nobody reads the result before seeing the card. A tap on the board or any
// key lands everything at once; under prefers-reduced-motion nothing is held.

import { reducedMotion } from './feel';

// A card whose animation never ends (its element replaced, an animation taken away) is not waited
// for longer than its animation takes, and this much more.
const SPARE_MS = 500;

let landing = false;
let held: Element[] = [];
let waiting: (() => void)[] = [];
let guard: number | undefined;
let landingCard: Element | null = null;

/** Whether anything waits for a card to land. */
export function isLanding(): boolean {
  return landing;
}

/** Hides `els` (class `held`) until `card`'s landing animation ends; false (nothing held) where
 * cards do not move: reduced motion, or a page nobody sees. */
export function holdUntilLanded(card: Element, els: Element[]): boolean {
  if (reducedMotion() || document.hidden) return false;
  landing = true;
  for (const e of els) e.classList.add('held');
  held.push(...els);
  // Only this card's end lands what is held now: an earlier card, taken off the board later,
  // cancels its own animation then, which says nothing of this one.
  landingCard = card;
  const end = () => landingCard === card && landed();
  card.addEventListener('animationend', end, { once: true });
  card.addEventListener('animationcancel', end, { once: true });
  // How long its animation takes, read once the card is on the page (it is drawn in this task).
  window.clearTimeout(guard);
  guard = window.setTimeout(() => {
    const style = getComputedStyle(card);
    const seconds = (v: string) => Math.max(0, ...v.split(',').map((x) => (x.trim().endsWith('ms') ? parseFloat(x) / 1000 : parseFloat(x)) || 0));
    const ms = card.isConnected ? 1000 * (seconds(style.animationDuration) + seconds(style.animationDelay)) : 0;
    guard = window.setTimeout(() => landingCard === card && landed(), ms + SPARE_MS);
  }, 0);
  return true;
}

/** Also hides `els` until the card now landing has landed (nothing when none is). */
export function holdToo(els: Element[]): void {
  if (!landing) return;
  for (const e of els) e.classList.add('held');
  held.push(...els);
}

/** Runs `fn` once the card now landing has landed; at once when none is. */
export function afterLanding(fn: () => void): void {
  if (landing) waiting.push(fn);
  else fn();
}

/** The card has landed (or a tap said so): shows what was held, runs what waited. */
export function landed(): void {
  window.clearTimeout(guard);
  landingCard = null;
  if (!landing) return;
  landing = false;
  for (const e of held) e.classList.remove('held');
  held = [];
  const run = waiting;
  waiting = [];
  for (const f of run) f();
}

/** Forgets what waits without running it (the page shows another table). */
export function forget(): void {
  window.clearTimeout(guard);
  landingCard = null;
  landing = false;
  held = [];
  waiting = [];
}
