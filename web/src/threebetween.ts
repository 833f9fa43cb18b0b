// The ThreeBeTween board: for each player the two limit cards with the three spaces between
// them, the cards just drawn, limit cards not laid yet, and the score sheet.

import { cardEl, cardText, slotEl } from './cards';
import { h } from './dom';
import { holdUntilLanded, isLanding } from './moment';
import type { GameEvent, Laid, TbPlayer, TbState } from './types';

/** A bust as it happened: the state after it has no limits and no drawn cards left, so the page
 * keeps what caused it (the limits and spaces it had, the cards drawn, or the identical limit
 * cards) until that player acts again. */
export interface TbBust {
  limits: { low: Laid; high: Laid } | null;
  spaces: Laid[];
  drawn: string[];
  limitCards: string[];
  reason: string;
  banked_lost: number;
  /** The draw itself bust (nothing drawn fitted); false: the turn was ended with nothing placed;
   * null: not known (the whole game read at once, after a reload). */
  byDraw: boolean | null;
}

/** Reads ThreeBeTween's events, message by message, into what each player has in front of them
 * this round (their limits, the cards placed, the run of cards just drawn) and, when they bust,
 * what caused it. */
export class TbBusts {
  readonly busts = new Map<string, TbBust>();
  private readonly drawn = new Map<string, string[]>();
  private readonly spaces = new Map<string, Laid[]>();
  private readonly limits = new Map<string, { low: Laid; high: Laid }>();
  private readonly limitCards = new Map<string, string[]>();
  private readonly last = new Map<string, string>(); // each player's last event

  clear(): void {
    for (const m of [this.busts, this.drawn, this.spaces, this.limits, this.limitCards, this.last]) m.clear();
  }

  /** One message's events (`whole`: the whole game's, after a reload); returns who bust in it. */
  feed(events: GameEvent[], whole: boolean): string[] {
    const out: string[] = [];
    const drewNow = new Set<string>();
    for (const e of events) {
      const who = e.player ?? '';
      switch (e.type) {
        case 'round_started':
          for (const m of [this.drawn, this.spaces, this.limits, this.limitCards]) m.clear();
          break;
        case 'limit_dealt':
          this.limitCards.set(who, [...(this.limitCards.get(who) ?? []), e.card ?? '?']);
          break;
        case 'replaced': {
          const cards = [...(this.limitCards.get(who) ?? [])];
          const i = cards.indexOf(e.discarded ?? '');
          if (i >= 0) cards[i] = e.dealt ?? '?';
          else cards.push(e.dealt ?? '?');
          this.limitCards.set(who, cards);
          break;
        }
        case 'limits_laid':
          if (e.low && e.high) this.limits.set(who, { low: e.low as Laid, high: e.high as Laid });
          this.spaces.set(who, []);
          break;
        case 'drew':
          if (this.last.get(who) !== 'drew') this.drawn.set(who, []);
          this.drawn.get(who)!.push(e.card ?? '?');
          drewNow.add(who);
          break;
        case 'placed':
          this.spaces.set(who, [...(this.spaces.get(who) ?? []), { card: e.card ?? '?', as: e.as ?? null }]);
          break;
        case 'banked':
          // banked: new limits to come, the spaces empty
          this.spaces.set(who, []);
          this.limits.delete(who);
          this.limitCards.set(who, []);
          break;
        case 'bust':
          this.busts.set(who, {
            limits: this.limits.get(who) ?? null,
            spaces: this.spaces.get(who) ?? [],
            drawn: e.reason === 'identical_limits' ? [] : (this.drawn.get(who) ?? []),
            limitCards: this.limitCards.get(who) ?? [],
            reason: e.reason ?? '',
            banked_lost: e.banked_lost ?? 0,
            byDraw: whole ? null : drewNow.has(who),
          });
          out.push(who);
          break;
      }
      // A move of theirs after the bust, in a later message, means it has been seen (limits
      // laid by the engine itself at the round's turn come in the bust's own message).
      if (['kept', 'replaced', 'limits_laid', 'drew', 'banked', 'passed'].includes(e.type) && !out.includes(who)) this.busts.delete(who);
      if (who) this.last.set(who, e.type);
    }
    return out;
  }
}

const PHASES: Record<string, string> = {
  replace: 'keep or replace a limit card',
  place_limits: 'lay the limit cards',
  turn: 'draw, bank or pass',
  place: 'place the drawn cards',
  over: 'over',
};

/** The cards a player had showing, by place ("low:K", "space1:E/O", "drawn:T"), to animate the new. */
function shown(p: TbPlayer | undefined): Set<string> {
  const out = new Set<string>();
  if (!p) return out;
  if (p.limits) {
    out.add(`low:${p.limits.low.card}`);
    out.add(`high:${p.limits.high.card}`);
  }
  p.spaces.forEach((sp, i) => out.add(`space${i}:${sp.card}`));
  for (const c of p.drawn) out.add(`drawn:${c}`);
  for (const c of p.limit_cards) out.add(`limit:${c}`);
  return out;
}

function playerRow(p: TbPlayer, s: TbState, me: string | null, before: Set<string> | null, bust: TbBust | undefined, bustNow: boolean): HTMLElement {
  const fresh = (el: Element, key: string) => {
    if (before && !before.has(key)) el.classList.add('deal-in');
    return el;
  };
  const toAct = s.to_act === p.name;
  const row = h('div', {
    class: `tb-row${toAct ? ' to-act' : ''}${p.name === me ? ' me' : ''} status-${p.status}`,
    'data-testid': `tb-player-${p.name}`,
  });
  const head = h(
    'div',
    { class: 'tb-head' },
    h('span', { class: 'name' }, toAct ? '\u25B6 ' : '', p.name, p.name === me ? ' (you)' : '', s.dealer === p.name ? h('span', { class: 'dealer', title: 'dealer' }, 'D') : null),
    h('span', { class: 'tb-score' }, `round ${p.round} \u00b7 total ${p.total}`),
    p.status !== 'in' ? h('span', { class: 'badge' }, p.status) : null,
  );
  row.appendChild(head);

  if (p.status === 'busted' && bust) {
    row.appendChild(bustLine(p, bust, bustNow));
    return row;
  }
  // A bust that ended the round: the new round's cards, and the bust below them until they act.
  if (bust) row.appendChild(bustLine(p, bust, bustNow));
  const line = h('div', { class: 'tb-line', 'aria-label': `${p.name}'s limits and spaces` });
  if (p.limits) {
    line.appendChild(labelled(fresh(cardEl(p.limits.low.card, { as: p.limits.low.as, small: true }), `low:${p.limits.low.card}`), 'low'));
    for (let i = 0; i < 3; i++) {
      const sp = p.spaces[i];
      line.appendChild(
        labelled(sp ? fresh(cardEl(sp.card, { as: sp.as, small: true }), `space${i}:${sp.card}`) : slotEl(`space ${i + 1}, empty`, { small: true }), `space ${i + 1}`),
      );
    }
    line.appendChild(labelled(fresh(cardEl(p.limits.high.card, { as: p.limits.high.as, small: true }), `high:${p.limits.high.card}`), 'high'));
  } else if (p.limit_cards.length) {
    for (const c of p.limit_cards) line.appendChild(labelled(fresh(cardEl(c, { small: true }), `limit:${c}`), 'limit card'));
    line.appendChild(h('span', { class: 'tb-note' }, 'limit cards, not laid yet'));
  } else {
    line.appendChild(h('span', { class: 'tb-note' }, 'no limits'));
  }
  row.appendChild(line);

  if (p.drawn.length) {
    const drawn = h('div', { class: 'tb-drawn', 'data-testid': 'drawn' }, h('span', { class: 'tb-note' }, 'drawn: '));
    for (const c of p.drawn) drawn.appendChild(fresh(cardEl(c, { small: true }), `drawn:${c}`));
    row.appendChild(drawn);
  }
  if (toAct && p.limits && p.open_letters.length && p.status === 'in') {
    row.appendChild(h('div', { class: 'tb-open' }, 'letters that fit: ', h('span', { class: 'mono' }, p.open_letters.join(' '))));
  }
  return row;
}

/** What a bust looked like: the limits and spaces it had, the cards drawn that did not fit (coming
 * in when the bust is new), then the word bust once they have landed. */
function bustLine(p: TbPlayer, b: TbBust, fresh: boolean): HTMLElement {
  const line = h('div', { class: 'tb-line busted', 'aria-label': `${p.name}'s limits when they bust` });
  const identical = b.reason === 'identical_limits';
  if (identical) {
    for (const c of b.limitCards) line.appendChild(labelled(cardEl(c, { small: true }), 'limit card'));
  } else if (b.limits) {
    line.appendChild(labelled(cardEl(b.limits.low.card, { as: b.limits.low.as, small: true }), 'low'));
    for (let i = 0; i < 3; i++) {
      const sp = b.spaces[i];
      line.appendChild(labelled(sp ? cardEl(sp.card, { as: sp.as, small: true }) : slotEl(`space ${i + 1}, empty`, { small: true }), `space ${i + 1}`));
    }
    line.appendChild(labelled(cardEl(b.limits.high.card, { as: b.limits.high.as, small: true }), 'high'));
  }
  const box = h('div', { class: 'tb-bust', 'data-testid': 'bust' }, line);
  let last: Element | null = null;
  if (b.drawn.length) {
    const drawn = h('div', { class: 'tb-drawn', 'data-testid': 'bust-drawn' }, h('span', { class: 'tb-note' }, 'drew: '));
    for (const c of b.drawn) {
      const el = cardEl(c, { small: true });
      if (fresh) el.classList.add('deal-in');
      drawn.appendChild(el);
      last = el;
    }
    box.appendChild(drawn);
  }
  const why = identical
    ? `identical limit cards${b.limitCards.length ? ` (${b.limitCards.map(cardText).join(' and ')})` : ''}`
    : b.byDraw && b.limits && b.drawn.length
      ? `${b.drawn.map(cardText).join(', ')}: none fits between ${b.limits.low.as ?? b.limits.low.card} and ${b.limits.high.as ?? b.limits.high.card}`
      : b.byDraw === false
        ? 'the turn ended with nothing placed'
        : 'nothing placed';
  const word = h('p', { class: 'tb-bust-word', 'data-testid': 'bust-word' }, h('strong', {}, 'Bust'), ` \u2014 ${why}${b.banked_lost ? `; ${b.banked_lost} banked points lost` : ''}.`);
  box.appendChild(word);
  // the cards first, then the bust
  if (fresh && last) holdUntilLanded(last, [word]);
  return box;
}

function labelled(card: Element, label: string): HTMLElement {
  return h('figure', { class: 'tb-slot' }, card, h('figcaption', {}, label));
}

/** `prev`: the state shown before (cards new since then come in with an animation); `busts`:
 * what each player who bust this round had (TbBusts), `bustNow` those who bust just now; `land`:
 * the page waits for cards just drawn to land (the live table, not a step-through). */
export function renderTbBoard(s: TbState, me: string | null, prev: TbState | null = null, busts?: Map<string, TbBust>, bustNow: string[] = [], land = true): HTMLElement {
  const board = h(
    'section',
    { class: 'board tb-board', 'aria-label': 'The table', role: 'region' },
    h(
      'div',
      { class: 'board-info' },
      h('span', {}, `round ${s.round}`),
      h('span', {}, PHASES[s.phase] ?? s.phase),
      h('span', {}, `to ${s.target} points`),
      h('span', {}, `deck ${s.shoe.remaining}`),
    ),
  );
  // The player to act first, then the others in seat order: on a phone the action is on top.
  const order = [...s.players].sort((a, b) => Number(b.name === s.to_act) - Number(a.name === s.to_act));
  for (const p of order) {
    board.appendChild(playerRow(p, s, me, prev ? shown(prev.players.find((x) => x.name === p.name)) : null, busts?.get(p.name), !!prev && bustNow.includes(p.name)));
  }
  // Cards just drawn land before the table goes on (the page waits for them, then a moment).
  const drawnNow = [...board.querySelectorAll('.tb-drawn .card.deal-in')].at(-1);
  if (land && drawnNow && !isLanding()) holdUntilLanded(drawnNow, []);
  return board;
}

/** One player's round on the score sheet: the banks made, a bust, the round's score once tallied. */
export interface TbRoundLine {
  banks: number[];
  bust: boolean;
  score: number | null;
}

/** The score sheet round by round, from the events (the state has only the round being played). */
export class TbRounds {
  /** Each round seen, in order: its number and each player's line. */
  rounds: { round: number; lines: Record<string, TbRoundLine> }[] = [];
  /** Whether the events began before the game's first round (a long game after a reload). */
  partial = false;

  reset(partial: boolean): void {
    this.rounds = [];
    this.partial = partial;
  }

  feed(events: GameEvent[]): void {
    for (const e of events) {
      const who = e.player ?? '';
      if (e.type === 'round_started') {
        this.rounds.push({ round: e.round ?? this.rounds.length + 1, lines: {} });
        continue;
      }
      // the first round's events may come before any round_started (a game's opening)
      if (!this.rounds.length && !this.partial && who) this.rounds.push({ round: 1, lines: {} });
      const now = this.rounds.at(-1);
      if (!now || !who) continue;
      const line = (now.lines[who] ??= { banks: [], bust: false, score: null });
      if (e.type === 'banked') line.banks.push(e.points ?? 0);
      else if (e.type === 'bust') line.bust = true;
      else if (e.type === 'tally') line.score = e.round ?? 0;
    }
  }
}

function roundCell(line: TbRoundLine | undefined): HTMLElement {
  if (!line || line.score === null) return h('td', {}, '\u2013');
  const banks = line.banks.length ? h('span', { class: 'sub' }, ` (${line.banks.join('+')})`) : null;
  return h('td', { class: line.bust ? 'bust' : '' }, line.bust ? 'bust' : String(line.score), banks);
}

export function renderScoreSheet(s: TbState, sheet?: TbRounds): HTMLElement {
  const done = (sheet?.rounds ?? []).filter((r) => Object.values(r.lines).some((l) => l.score !== null));
  if (done.length) return renderRoundSheet(s, done, !!sheet?.partial);
  return renderNowSheet(s);
}

/** Round by round: each round tallied (its score, its banks, a bust), the round now, the total. */
function renderRoundSheet(s: TbState, done: TbRounds['rounds'], partial: boolean): HTMLElement {
  const rows = s.players.map((p) =>
    h(
      'tr',
      { class: s.winners.includes(p.name) ? 'winner' : '' },
      h('th', { scope: 'row' }, p.name),
      ...done.map((r) => roundCell(r.lines[p.name])),
      h('td', {}, p.status === 'busted' ? 'bust' : String(p.round), p.banks.length ? h('span', { class: 'sub' }, ` (${p.banks.join('+')})`) : null),
      h('td', { class: 'total' }, String(p.total)),
    ),
  );
  return h(
    'section',
    { class: 'panel score-sheet', 'aria-label': 'Score sheet' },
    h('h2', {}, 'Score sheet'),
    h(
      'div',
      { class: 'sheet-scroll', tabindex: 0, 'aria-label': 'Score sheet, round by round' },
      h(
        'table',
        { 'data-testid': 'score-sheet', class: 'by-round' },
        h('thead', {}, h('tr', {}, h('th', {}, 'player'), ...done.map((r) => h('th', {}, `r${r.round}`)), h('th', {}, 'now'), h('th', {}, 'total'))),
        h('tbody', {}, ...rows),
      ),
    ),
    h('p', { class: 'sub' }, `${partial ? 'Earlier rounds are in the totals. ' : ''}Banked points in brackets. First to ${s.target} at a tally wins.`),
  );
}

function renderNowSheet(s: TbState): HTMLElement {
  const rows = s.players.map((p) =>
    h(
      'tr',
      { class: s.winners.includes(p.name) ? 'winner' : '' },
      h('th', { scope: 'row' }, p.name),
      h('td', {}, p.banks.length ? p.banks.join(' + ') : '\u2013'),
      h('td', {}, String(p.in_front)),
      h('td', {}, p.status === 'busted' ? 'bust' : String(p.round)),
      h('td', { class: 'total' }, String(p.total)),
    ),
  );
  return h(
    'section',
    { class: 'panel score-sheet', 'aria-label': 'Score sheet' },
    h('h2', {}, 'Score sheet'),
    h(
      'table',
      { 'data-testid': 'score-sheet' },
      h('thead', {}, h('tr', {}, h('th', {}, 'player'), h('th', {}, 'banked'), h('th', {}, 'in front'), h('th', {}, 'round'), h('th', {}, 'total'))),
      h('tbody', {}, ...rows),
    ),
    h('p', { class: 'sub' }, `First to ${s.target} at a tally wins.`),
  );
}
