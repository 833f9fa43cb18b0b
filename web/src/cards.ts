// Cards drawn in SVG: the standard deck ("7S", "TD", "AH") and the Alpha letter deck ("K",
// "A/E" vowel cards, "?" wilds). Every card is role="img" with a spoken label.

import { svg } from './dom';

const RANKS: Record<string, string> = {
  '2': 'two', '3': 'three', '4': 'four', '5': 'five', '6': 'six', '7': 'seven', '8': 'eight',
  '9': 'nine', T: 'ten', J: 'jack', Q: 'queen', K: 'king', A: 'ace',
};
const SUITS: Record<string, { name: string; sym: string; red: boolean }> = {
  S: { name: 'spades', sym: '\u2660', red: false },
  H: { name: 'hearts', sym: '\u2665', red: true },
  D: { name: 'diamonds', sym: '\u2666', red: true },
  C: { name: 'clubs', sym: '\u2663', red: false },
};

// Points of the Alpha letters, as decks/alpha74.toml gives them (the engine's state carries no
// points per card; keep this in step with that file).
const LETTER_POINTS: Record<string, number> = {};
for (const [letters, pts] of [
  ['TNSRLD', 2], ['HCM', 3], ['WFGYPB', 4], ['VK', 5], ['JX', 8], ['QZ', 10],
] as const) {
  for (const l of letters) LETTER_POINTS[l] = pts;
}

export function letterPoints(card: string): number {
  if (card === '?') return 0;
  if (card.includes('/')) return 1;
  return LETTER_POINTS[card] ?? 0;
}

export function isStandardCard(card: string): boolean {
  return /^(10|[2-9TJQKA])[SHDC]$/i.test(card);
}

function splitStandard(card: string): { rank: string; suit: string } {
  const c = card.toUpperCase();
  return { rank: c.startsWith('10') ? 'T' : c[0], suit: c[c.length - 1] };
}

/** "7 of spades", "ace of hearts"; letter cards: "letter K, 5 points". */
export function cardLabel(card: string, as?: string | null, aceValue?: string | null): string {
  if (isStandardCard(card)) {
    const { rank, suit } = splitStandard(card);
    const r = rank >= '2' && rank <= '9' ? rank : RANKS[rank];
    const ace = rank === 'A' && aceValue ? ` (${aceValue})` : '';
    return `${r} of ${SUITS[suit].name}${ace}`;
  }
  if (card === '?') return 'wild card';
  if (card.includes('/')) {
    const [a, b] = card.split('/');
    const showing = as ? `, showing ${as}` : '';
    return `vowel card ${a} or ${b}${showing}, 1 point`;
  }
  const p = letterPoints(card);
  return `letter ${card}, ${p} point${p === 1 ? '' : 's'}`;
}

/** Short text for a card in sentences: "7♠", "A/E", "?". */
export function cardText(card: string): string {
  if (!isStandardCard(card)) return card;
  const { rank, suit } = splitStandard(card);
  return `${rank === 'T' ? '10' : rank}${SUITS[suit].sym}`;
}

export interface CardOpts {
  as?: string | null; // the letter a vowel card shows
  ace?: string | null; // "high"/"low" for a called ace post
  small?: boolean;
  testid?: string;
}

/** An SVG card face. */
export function cardEl(card: string, opts: CardOpts = {}): SVGElement {
  const label = cardLabel(card, opts.as, opts.ace);
  const root = svg('svg', {
    viewBox: '0 0 60 84',
    class: `card${opts.small ? ' small' : ''}`,
    role: 'img',
    'aria-label': label,
    'data-card': card,
    'data-testid': opts.testid,
  });
  root.appendChild(svg('title', {}, label));
  root.appendChild(svg('rect', { x: 1, y: 1, width: 58, height: 82, rx: 6, class: 'card-bg' }));
  if (isStandardCard(card)) drawStandard(root, card, opts.ace);
  else drawLetter(root, card, opts.as);
  return root;
}

function drawStandard(root: SVGElement, card: string, ace?: string | null): void {
  const { rank, suit } = splitStandard(card);
  const s = SUITS[suit];
  const cls = s.red ? 'red' : 'black';
  const r = rank === 'T' ? '10' : rank;
  root.classList.add(cls);
  root.appendChild(svg('text', { x: 6, y: 18, class: 'corner' }, r));
  root.appendChild(svg('text', { x: 6, y: 31, class: 'corner-suit' }, s.sym));
  root.appendChild(svg('text', { x: 6, y: 18, class: 'corner', transform: 'rotate(180 30 42)' }, r));
  root.appendChild(svg('text', { x: 30, y: 56, class: 'pip' }, s.sym));
  if (rank === 'A' && ace) {
    root.appendChild(svg('text', { x: 54, y: 18, class: 'ace-tag' }, ace === 'high' ? 'HI' : 'LO'));
  }
}

function drawLetter(root: SVGElement, card: string, as?: string | null): void {
  root.classList.add('letter');
  if (card === '?') {
    root.classList.add('wild');
    root.appendChild(svg('text', { x: 30, y: 54, class: 'big-letter' }, '?'));
    root.appendChild(svg('text', { x: 30, y: 74, class: 'points' }, 'wild'));
    return;
  }
  if (card.includes('/')) {
    root.classList.add('vowel');
    const [a, b] = card.split('/');
    const tA = svg('text', { x: 19, y: 50, class: `mid-letter${as === a ? ' shown' : as ? ' dim' : ''}` }, a);
    const tB = svg('text', { x: 41, y: 50, class: `mid-letter${as === b ? ' shown' : as ? ' dim' : ''}` }, b);
    root.appendChild(tA);
    root.appendChild(svg('text', { x: 30, y: 48, class: 'slash' }, '/'));
    root.appendChild(tB);
  } else {
    root.appendChild(svg('text', { x: 30, y: 54, class: 'big-letter' }, card));
  }
  root.appendChild(svg('text', { x: 52, y: 16, class: 'points-corner' }, String(letterPoints(card))));
  root.appendChild(svg('text', { x: 30, y: 76, class: 'points' }, `${letterPoints(card)} pt`));
}

/** An empty slot where a card may come (a post not dealt yet, an empty space). */
export function slotEl(label: string, opts: { small?: boolean; testid?: string } = {}): SVGElement {
  const root = svg('svg', {
    viewBox: '0 0 60 84',
    class: `card slot${opts.small ? ' small' : ''}`,
    role: 'img',
    'aria-label': label,
    'data-testid': opts.testid,
  });
  root.appendChild(svg('rect', { x: 2, y: 2, width: 56, height: 80, rx: 6, class: 'slot-bg' }));
  return root;
}
