// Rules help in the page: the game's rules in short (the rule reference's own words, condensed),
// the preset's description from its rule file, and the knobs the table changed. The table shows
// it (renderHelp) and so does the lobby, for the preset chosen before a table is created
// (renderPresetHelp). Which text fits a preset is data (src/lengths.gen.ts: `help`, found from the
// preset's knobs by dev/lengths.mjs), never its name.

import { h } from './dom';
import { presetLength } from './lengths';
import { knobsText } from './table';
import type { Preset, TableMsg } from './types';

const POT_COMMON = [
  'Ranks run 2 < 3 < \u2026 < K < A (an ace post may be called low where the rules say so); suits never matter.',
  'The two face-up cards are the posts; the card dealt after a bet is the third card. The spread is the number of ranks strictly between the posts.',
  'Third card strictly between the posts: you win your bet. Outside, or the same rank as a post (\u201chitting the post\u201d): you lose it into the pot.',
  'You can never be asked to pay more than you hold: the largest bet allowed is what your stack can cover.',
];

const RULES: Record<string, { name: string; points: string[] }> = {
  hoyle: {
    name: 'In-Between, Hoyle-style home game',
    points: [
      'Everyone antes 1 chip into the pot; the highest card drawn deals first.',
      'Players take turns clockwise from the dealer\u2019s left, the dealer last; then the deal passes left.',
      'A pair of posts wins chips from the pot (no bet, no third card). Consecutive posts lose the minimum bet to the pot.',
      'Otherwise you must bet from 1 chip up to the whole pot; there is no fold.',
      'When the pot is empty everyone antes again. The game ends after the agreed deals; most chips wins.',
    ],
  },
  banker: {
    name: 'In Between with the dealer as banker',
    points: [
      'The pot starts with the dealer\u2019s stake plus 1 chip from every player.',
      'Each player in turn (the dealer too) sees two posts and bets any amount up to the pot, or folds.',
      'Equal to a post: you pay twice the bet into the pot. Betting the whole pot and winning ends the game.',
      'After the agreed deals the dealer takes what is left in the pot. You may buy more chips at any time (a rebuy).',
    ],
  },
  sheets: {
    name: 'Between the Sheets / Acey-Deucey',
    points: [
      'Everyone antes; play goes round until the pot is empty.',
      'A first post that is an ace is called high or low before the second post is shown (Acey-Deucey: aces are always high).',
      'A pair of posts is replaced by two new posts. You bet any part of the pot, or pass.',
      'Hitting the post pays double; three aces pay triple. While the first deck lasts a bet is capped at the base ante.',
    ],
  },
};

const HOUSE = [
  'Red Dog, the casino version: every player against the house on one set of posts.',
  'Each player wagers; two posts are dealt. Consecutive posts: a push (the wager comes back).',
  'A pair: a third card is dealt; three of a kind pays 11 to 1 (the table\u2019s trips pay), otherwise a push.',
  'Otherwise the spread is announced and each player may raise (double the wager) or stand.',
  'A third card between pays by the spread (the common table: spread 1 pays 5 to 1, 2 pays 4 to 1, 3 pays 2 to 1, 4 or more 1 to 1). Not between: the wager is lost.',
];

const THREE = [
  'ThreeBeTween, with the Alpha deck: 42 consonants (points 2\u201310 by rarity), 30 two-vowel cards (1 point; each counts as one of its vowels, chosen when placed) and 2 wilds (0 points).',
  'Each round you get two limit cards (you may replace one once) and lay them low and high. Identical limit cards bust you.',
  'On your turn: draw one card per empty space (three spaces between your limits), bank, or pass.',
  'A drawn card fits when its letter is strictly between your limits and not already there; a wild fits any empty space. You must place at least one, else you bust: the round scores 0 and banked points are lost.',
  'Three spaces filled is a ThreeBeTween: next turn bank the five cards\u2019 points (still at risk) and get new limits, or pass.',
  'Passing scores what you banked plus the cards in front of you. When everyone has passed or busted the round is tallied; reaching the target ends the game, highest total wins.',
];

/** The rules in short for a family and, for a pot game, the help its knobs call for (`hoyle`,
 * `banker`, `sheets`; anything else: what every pot game shares). */
export function helpPoints(family: TableMsg['family'], help: string | undefined): { name: string; points: string[] } {
  if (family === 'threebetween') return { name: 'ThreeBeTween', points: THREE };
  if (family === 'house') return { name: 'Red Dog', points: HOUSE };
  const own = help && Object.prototype.hasOwnProperty.call(RULES, help) ? RULES[help] : undefined;
  return own ? { name: own.name, points: [...POT_COMMON, ...own.points] } : { name: 'In-Between', points: POT_COMMON };
}

function pointsOf(t: Pick<TableMsg, 'family' | 'rules'>): { name: string; points: string[] } {
  return helpPoints(t.family, presetLength(t.rules)?.help);
}

export function renderHelp(t: TableMsg): HTMLElement {
  const { name, points } = pointsOf(t);
  const knobs = knobsText(t);
  return h(
    'details',
    { class: 'panel help', 'data-testid': 'rules-help' },
    h('summary', {}, `How to play ${name}`),
    h('p', { class: 'sub' }, `These rules: ${t.rules} \u2014 ${t.title}`),
    knobs ? h('p', { class: 'sub' }, `Changed for this table: ${knobs} (the line above is the preset\u2019s own).`) : null,
    h('ul', {}, ...points.map((p) => h('li', {}, p))),
    h('p', { class: 'sub' }, `Each turn has ${t.timeout} s; then a bot makes the move for whoever is to act.`),
  );
}

/** The lobby's folded rules of a preset, before a table is created. */
export function renderPresetHelp(p: Preset, open = false): HTMLElement {
  const { name, points } = helpPoints(p.family, presetLength(p.name)?.help);
  return h(
    'details',
    { class: 'help preset-help', 'data-testid': 'lobby-rules-help', open },
    h('summary', {}, `How to play ${name}`),
    h('p', { class: 'sub' }, `These rules: ${p.name} \u2014 ${p.title}`),
    h('ul', {}, ...points.map((x) => h('li', {}, x))),
  );
}
