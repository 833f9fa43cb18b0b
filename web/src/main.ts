// The browser table of `inbetween serve` (docs/server.md). Plain TypeScript and DOM: each region
// of the table is drawn from its own slice of the `table` message and redrawn only when that
// slice changed (regions.ts); the board's animations come from the events.
//
// This file wires the parts together: the connection, the lobby, the table view, the keys.

import { renderAfterGame } from './aftergame';
import { Controls } from './bet';
import { raiseNote, renderPotBoard } from './board';
import { flyChips, land as landChips } from './chips';
import { Chat } from './chat';
import { TurnClock } from './clock';
import { Connection, savedName, tokens, type Status } from './connection';
import { DealTracker, type Deal } from './deal';
import { byId, fill, h } from './dom';
import { afterLanding, forget as forgetLanding, holdToo, isLanding, landed } from './moment';
import { Pace } from './pace';
import { buzz, play, reducedMotion, setSound, soundOn } from './feel';
import { helpKnown, renderHelp, setHelpPresets, setWholeRules } from './help';
import { HintPanel } from './hint';
import { WinBars } from './chances';
import { isLocal, LOCAL_CODE, LocalTable } from './local';
import { Lobby, normalizeCode, renderWaiting, type CreateRequest } from './lobby';
import { Narration } from './narration';
import { Region } from './regions';
import { ReplayView } from './replay';
import { joinLink, renderFairness, renderHeader, renderSeats, turnLine } from './table';
import { renderScoreSheet, renderTbBoard, TbBusts, TbRounds } from './threebetween';
import type { Action, GameEvent, Hint, ServerMsg, TableMsg, TbState } from './types';
import { cardText } from './cards';
import { isTb } from './types';

const app = byId('app');
const connStatus = byId('conn-status');
const soundToggle = byId<HTMLButtonElement>('sound-toggle');

let code: string | null = null; // the table this page shows
let table: TableMsg | null = null; // its last `table` message
let bots: string[] = ['random', 'cautious', 'sensible', 'optimal'];
let resumeId: number | null = null;
let oddsId: number | null = null; // the quiet hint asked for the chance beside the bet
let lobbyTimer: number | undefined;
let deals = new DealTracker(false); // the pot/house deals, from the events
let seenMine = 0; // your own deals up to this serial are seen: the board no longer keeps them
const STRIP = 4; // deals in the board's strip
const tbBusts = new TbBusts(); // ThreeBeTween: what each player who bust this round had, and why
const tbRounds = new TbRounds(); // ThreeBeTween: the score sheet round by round
let placedThisTurn = 0; // ThreeBeTween: my cards placed since my last draw
const finished = new Map<number, TableMsg>(); // this table's finished games, by number

const conn = new Connection(Connection.defaultUrl(), {
  onOpen: () => {
    everOpen = true;
    enter();
  },
  onMessage: (m) => receive(m),
  onStatus: (s, d) => showConn(s, d),
});
// The table on this device (local.ts): the same messages, from the engine in a Web Worker.
const local = new LocalTable((m) => receive(m));
let localPresets = false; // the presets asked of this device's engine (no server answers)
let everOpen = false; // a server answered this page once

// --- the parts -------------------------------------------------------------------------------

const lobby = new Lobby(
  {
    create: (req: CreateRequest) => send({ type: 'create', ...req }, lobby),
    join: (c, name) => send({ type: 'join', table: c, name }, lobby),
    watch: (c) => go(c),
    refresh: () => send({ type: 'tables' }),
    nameChanged: (n) => savedName.set(n),
  },
  savedName.get(),
);

const controls = new Controls(
  (a) => act(a),
  () => askHint(),
);
const hint = new HintPanel((a) => {
  act(a);
  // played from the hint table: back to the board, where the card will land
  slots.board.scrollIntoView?.({ block: 'start', behavior: reducedMotion() ? 'auto' : 'smooth' });
});
const narration = new Narration((before) => {
  // older events of this game, the page before those told (docs/server.md, `events`)
  if (code) send({ type: 'events', table: code, from: Math.max(0, before - EVENTS_PAGE) });
});
const EVENTS_PAGE = 500; // the most an `events` reply holds
const chat = new Chat((text) => {
  if (!code) return false;
  const tok = tokens.get(code);
  return send({ type: 'chat', table: code, text, ...(tok && table?.you !== null ? { token: tok } : {}) }) !== null;
});
const replay = new ReplayView(() => replay.close());
// the table's messages, drawn in order at the page's pace (pace.ts)
const pace = new Pace((t, quick) => showTable(t, quick), () => table);

const slots = {
  head: h('div', { class: 'head-slot' }),
  waiting: h('div', { class: 'waiting-slot' }),
  board: h('div', { class: 'board-slot' }),
  after: h('div', { class: 'after-slot' }),
  earlier: h('div', { class: 'earlier-slot' }),
  fairness: h('div', { class: 'fairness-slot' }),
  seats: h('div', { class: 'seats-slot' }),
  score: h('div', { class: 'score-slot' }),
  help: h('div', { class: 'help-slot' }),
  error: h('p', { class: 'error', role: 'alert', 'data-testid': 'table-error' }),
  info: h('p', { class: 'info', role: 'status', 'data-testid': 'table-info' }),
};
const clock = new TurnClock(controls.clock);
const regions = {
  head: new Region(slots.head),
  waiting: new Region(slots.waiting),
  board: new Region(slots.board),
  seats: new Region(slots.seats),
  score: new Region(slots.score),
  after: new Region(slots.after),
  earlier: new Region(slots.earlier),
  fairness: new Region(slots.fairness),
  help: new Region(slots.help),
  controls: new Region(null),
};
const winBars = new WinBars(slots.seats, () => (code ? send({ type: 'chances', table: code }) : null));

const keysHelp = h(
  'p',
  { class: 'keys-help', 'data-testid': 'keys-help' },
  'Keys: ',
  h('kbd', {}, '1'), '\u2013', h('kbd', {}, '9'), ' the buttons in order \u00b7 ',
  h('kbd', {}, 'b'), ' bet \u00b7 ', h('kbd', {}, '+'), h('kbd', {}, '-'), ' amount \u00b7 ',
  h('kbd', {}, 'p'), ' pass \u00b7 ', h('kbd', {}, 'r'), '/', h('kbd', {}, 's'), ' raise/stand \u00b7 ',
  h('kbd', {}, 'k'), ' keep \u00b7 ', h('kbd', {}, 'd'), ' draw \u00b7 ', h('kbd', {}, 'n'), ' bank \u00b7 ', h('kbd', {}, 'e'), ' end turn \u00b7 ',
  h('kbd', {}, 'h'), '/', h('kbd', {}, '?'), ' hint \u00b7 ', h('kbd', {}, 'c'), ' chat',
);

const tableView = h(
  'main',
  { class: 'table-view', 'data-testid': 'table-view' },
  slots.head,
  h(
    'div',
    { class: 'layout' },
    h('div', { class: 'main-col' }, slots.error, slots.info, slots.waiting, slots.board, controls.el, slots.after, replay.el, hint.el, slots.earlier, slots.fairness),
    h('aside', { class: 'side-col' }, slots.seats, slots.score, narration.el, chat.el, slots.help),
  ),
  keysHelp,
);

// --- sending ---------------------------------------------------------------------------------

function send(msg: Record<string, unknown>, where?: { error(t: string): void }): number | null {
  const id = msg.local || isLocal(msg.table as string | undefined) ? local.send(msg) : conn.send(msg);
  if (id === null) (where ?? { error: tableError }).error('Not connected; trying again\u2026');
  return id;
}

function tableError(text: string): void {
  slots.error.textContent = text;
  if (text) slots.info.textContent = '';
}

function tableInfo(text: string): void {
  slots.info.textContent = text;
}

function withToken(type: string, extra: Record<string, unknown> = {}): number | null {
  if (!code) return null;
  const token = tokens.get(code);
  if (!token) {
    tableError('You have no seat at this table.');
    return null;
  }
  return send({ type, table: code, token, ...extra });
}

function act(a: Action): void {
  tableError('');
  if (a.type !== 'rebuy') seenMine = deals.count; // acting again: your last deal has been seen
  if (withToken('act', { action: a }) === null) controls.unlock();
}

function askHint(): void {
  if (!table || table.you === null || table.status !== 'playing') return;
  if (!myTurn(table)) {
    hint.note('A hint is for your turn; it is not your turn now.');
    return;
  }
  hint.waiting();
  withToken('hint');
}

// --- routing ---------------------------------------------------------------------------------

/** The table code the address names; `bad`: it names something that is no table code (a broken
 * escape such as "#%", a space, a character no code has), which the lobby then says. */
function codeFromHash(): { code: string | null; bad?: string } {
  let raw = location.hash.slice(1);
  if (!raw) return { code: null };
  if (raw === LOCAL_CODE) return { code: raw };
  try {
    raw = decodeURIComponent(raw);
  } catch {
    return { code: null, bad: `The link ends in \u201c#${location.hash.slice(1, 40)}\u201d, which is not a table code: a code is letters and digits, like K7QP. Check the link you were sent.` };
  }
  const c = normalizeCode(raw);
  if (/^[A-Z0-9]{1,16}$/.test(c)) return { code: c };
  return { code: null, bad: `\u201c${raw.slice(0, 40)}\u201d is not a table code: a code is letters and digits, like K7QP. Check the link you were sent.` };
}

function go(c: string | null): void {
  const target = c ? `#${c}` : '#';
  if (location.hash !== target && !(target === '#' && !location.hash)) location.hash = target;
  else route();
}

/** Shows the view the hash names; `ask`: request what it needs (not after `seated`, which
 * already brings the table). */
function route(ask = true): void {
  const { code: c, bad } = codeFromHash();
  if (c !== code || !table || table.table !== c) {
    code = c;
    table = null;
    narration.clear();
    chat.clear();
    hint.clear();
    replay.close();
    finished.clear();
    pace.clear();
    forgetLanding();
    for (const r of Object.values(regions)) r.reset();
    tableError('');
    tableInfo('');
  }
  if (code) {
    fill(app, tableView);
    window.clearInterval(lobbyTimer);
    fill(slots.head, h('header', { class: 'table-head' }, h('span', { class: 'code', 'data-testid': 'table-code' }, code), ' opening\u2026'));
    regions.head.reset(); // drawn here, not from a message
    if (!table) {
      // nothing of the table until it comes: no empty panels, no keys for controls not there
      for (const el of [controls.el, hint.el, narration.el, keysHelp]) el.hidden = true;
      if (!conn.isOpen && !isLocal(code) && (connState === 'retrying' || connState === 'gave-up' || navigator.onLine === false)) tableInfo(unreachable());
    }
  } else {
    fill(app, lobby.el);
    if (bad) lobby.error(bad);
    document.title = 'inbetween';
    window.clearInterval(lobbyTimer);
    lobbyTimer = window.setInterval(() => conn.isOpen && send({ type: 'tables' }), 10000);
  }
  if (ask && (conn.isOpen || isLocal(code))) enter();
}

/** The table's rules help: drawn again when the presets' help arrives after the table. */
function showHelp(t: TableMsg): void {
  regions.help.update({ table: t.table, rules: t.rules, family: t.family, title: t.title, cut: t.title_cut, set: t.set, timeout: t.timeout, known: helpKnown() }, () =>
    renderHelp(t, () => send({ type: 'rules', table: t.table })),
  );
}

/** On (re)connecting or routing: ask for what the view needs. */
function enter(): void {
  if (conn.isOpen) send({ type: 'presets' });
  else askLocalPresets();
  if (!code) {
    send({ type: 'tables' });
    return;
  }
  const token = tokens.get(code);
  if (token) resumeId = send({ type: 'resume', table: code, token });
  else send({ type: 'watch', table: code });
}

// --- receiving -------------------------------------------------------------------------------

function receive(m: ServerMsg): void {
  switch (m.type) {
    case 'presets':
      bots = m.bots;
      lobby.setPresets(m.presets);
      setHelpPresets(m.presets);
      if (table) showHelp(table);
      return;
    case 'tables':
      lobby.setTables(m.tables);
      return;
    case 'seated':
      tokens.set(m.table, m.token);
      if (code !== m.table) {
        code = m.table;
        table = null;
      }
      if (location.hash !== `#${m.table}`) history.replaceState(null, '', `#${m.table}`);
      route(false);
      return;
    case 'table': {
      if (m.table !== code) return;
      // The table's kept chat comes with the first message after seated, watch or resume.
      const kept = (m as TableMsg & { chat?: { from: string | null; text: string }[] }).chat;
      if (Array.isArray(kept)) {
        chat.clear();
        for (const line of kept) chat.add(line.from, line.text);
      }
      // The rules' title comes once a connection (with title_cut when the description was cut):
      // later messages keep it.
      const last = pace.latest;
      const title = m.title !== undefined ? { title: m.title, title_cut: m.title_cut } : last?.table === m.table ? { title: last.title, title_cut: last.title_cut } : {};
      pace.receive({ ...m, ...title, you: m.you ?? null, events: m.events ?? [], legal: m.legal ?? null, seats: m.seats ?? [] });
      return;
    }
    case 'hint':
      if (m.table !== code) return;
      if (m.id !== undefined && m.id === oddsId) {
        oddsId = null;
        if (m.hint.odds) controls.setChance(chanceText(m.hint.odds));
        return;
      }
      hint.show(m.hint, table?.family ?? 'pot');
      return;
    case 'chat':
      if (m.table === code) chat.add(m.from, m.text);
      return;
    case 'chances':
      if (m.table === code) winBars.receive(m);
      return;
    case 'replay':
      if (m.table === code) {
        // A long game comes a page at a time: the first opens the view, the rest are asked for.
        if (m.from === 0) {
          replay.load(m.steps, table?.family ?? 'pot', m.game);
          replay.el.scrollIntoView?.({ block: 'nearest' });
        } else {
          replay.append(m.steps);
        }
        const next = m.from + m.steps.length;
        if (next < m.steps_total && m.steps.length > 0) send({ type: 'replay', table: m.table, game: m.game, from: next });
      }
      return;
    case 'events':
      if (m.table === code && table && m.game === table.game) narration.earlier(m.events, m.from, me(table), table.family);
      return;
    case 'rules':
      if (m.table === code) setWholeRules(m.table, m.description);
      return;
    case 'error':
      onError(m.code, m.message, m.id);
  }
}

let moveRetry = 0;
let connState: Status = 'connecting';
let lobbySays = false; // the page itself went to the lobby with something to say there

function onError(codeName: string, message: string, id: unknown): void {
  if (winBars.owns(id)) return; // the bars wait for the next move
  if (id !== undefined && id === oddsId) {
    oddsId = null; // the quiet odds beside the bet: the bet goes on without them
    return;
  }
  if (id !== undefined && id === resumeId && code && (codeName === 'bad_token' || codeName === 'no_table')) {
    resumeId = null;
    tokens.drop(code);
    if (codeName === 'bad_token') {
      send({ type: 'watch', table: code });
      return;
    }
  }
  // Several servers on one database (docs/scale-out.md): the table is moving to another server
  // (its own was stopped or cut off); the page asks again until the table is played again.
  if (code && (codeName === 'table_elsewhere' || codeName === 'table_moved')) {
    tableError('This table is moving to another server: trying again…');
    window.clearTimeout(moveRetry);
    moveRetry = window.setTimeout(() => enter(), 1000);
    return;
  }
  if (codeName === 'no_table') {
    lobby.error(`${message.charAt(0).toUpperCase()}${message.slice(1)}.`); // "There is no table XYZ."
    lobbySays = true; // the lobby it goes to says why
    go(null);
    return;
  }
  if (code) {
    tableError(message);
    controls.unlock();
    if (table?.legal) hint.clear();
  } else {
    lobby.error(message);
  }
}

function me(t: TableMsg): string | null {
  return t.you !== null ? (t.seats[t.you]?.name ?? null) : null;
}

/** Whether the page's player is to act (a rebuy allowed at any time is not a turn; nor is a
 * turn a bot plays while they are away). */
function myTurn(t: TableMsg): boolean {
  const name = me(t);
  const away = t.you !== null && !!t.seats[t.you]?.away;
  return t.status === 'playing' && !!name && !away && t.to_act === name && !!t.legal?.actions.some((a) => a.type !== 'rebuy');
}

/** Why a bet on the posts in front of you cannot win (nothing falls between them), if so. */
function nothingBetween(t: TableMsg): string | undefined {
  const s = t.state;
  if (!s || isTb(s) || s.banking === 'house' || s.phase !== 'bet' || s.posts.length !== 2 || s.spread !== 0) return undefined;
  return `Nothing can fall between ${cardText(s.posts[0])} and ${cardText(s.posts[1])}: a bet here cannot win. The rules allow it; the button asks again.`;
}

function chanceText(o: NonNullable<Hint['odds']>): string {
  const pct = o.cards ? ((100 * o.between) / o.cards).toFixed(1) : '0';
  return `Chance to win: ${o.between} of ${o.cards} cards (${pct}%).`;
}

/** Sounds for the events (when sounds are on), and what the board and controls keep from them. */
function readEvents(events: GameEvent[], t: TableMsg, replayed: boolean): boolean {
  const name = me(t);
  let settled = false;
  if (!isTb(t.state)) settled = deals.feed(events);
  let drawing = false;
  for (const e of events) {
    if (e.type === 'drew' && e.player === name && !drawing) placedThisTurn = 0;
    drawing = e.type === 'drew';
    if (e.type === 'placed' && e.player === name) placedThisTurn += 1;
  }
  if (replayed) return false;
  const types = new Set(events.map((e) => (name && e.player === name ? `my-${e.type}` : e.type)));
  if (types.has('my-win') || types.has('my-banked') || types.has('my-threebetween')) play('win');
  else if (types.has('my-loss') || types.has('my-bust')) play('lose');
  else if (types.has('win') || types.has('loss') || types.has('my-bet')) play('chips');
  else if (events.some((e) => e.type === 'post_dealt' || e.type === 'third_card' || e.type === 'drew' || e.type === 'limit_dealt')) play('card');
  return settled;
}

/** Draws a `table` message; `quick`: without the landing (the page is behind). True when a card
 * lands now (the page waits for it before drawing the next message). */
function showTable(t: TableMsg, quick = false): boolean {
  const prev = table;
  // A message with every event of the game (after seated, watch, resume: also on a reconnect)
  // or of a new game starts the narration and the deals afresh.
  // A message that does not go on from the last one's events (events_from) starts afresh.
  const all = t.events_from !== undefined
    ? !prev || prev.table !== t.table || t.events_from !== prev.event_count
    : (t.events?.length ?? 0) === t.event_count;
  const restart = !prev || all || prev.game !== t.game || t.event_count < (prev.event_count ?? 0);
  if (restart) {
    narration.clear();
    if (t.status !== 'waiting') narration.note(`Game ${t.game}: ${t.rules}.`);
    narration.from(t.events_from ?? 0);
    deals = new DealTracker(t.family === 'house');
    tbBusts.clear();
    tbRounds.reset((t.events_from ?? 0) > 0);
    seenMine = 0;
    placedThisTurn = 0;
  }
  const said = t.events?.length ? narration.add(t.events, me(t), t.family, t.events_from ?? t.event_count - t.events.length) : [];
  const settled = readEvents(t.events ?? [], t, restart) && !restart;
  if (restart) {
    deals.settleQuietly();
    seenMine = deals.seenBy(me(t)); // the deals settled before your last move: seen
  }
  const mine = myTurn(t);
  const wasMine = !!prev && prev.game === t.game && myTurn(prev);
  if (mine && !wasMine && !restart) {
    play('turn');
    buzz();
  }
  if (prev && prev.game === t.game && prev.moves !== t.moves) hint.clear();
  table = t;
  tableError('');
  if (t.status === 'over') finished.set(t.game, t);

  const free = t.seats.filter((x) => !x.name).length;
  regions.head.update({ table: t.table, status: t.status, game: t.game, free, rules: t.rules, set: t.set, title: t.title, timeout: t.timeout }, () =>
    renderHeader(t, copyLink),
  );
  regions.waiting.update({ status: t.status, seats: t.seats, you: t.you, creator: t.creator, game: t.game, bots }, () =>
    t.status === 'waiting'
      ? renderWaiting(t, bots, lobby.name || savedName.get(), {
          join: (name) => {
            savedName.set(name);
            send({ type: 'join', table: t.table, name });
          },
          addBot: (kind) => withToken('bot', { kind }),
          start: () => withToken('start'),
          copied: tableInfo,
        })
      : null,
  );
  const s = t.state;
  if (quick) landed();
  if (isTb(s)) {
    const before = prev?.game === t.game && isTb(prev.state) ? (prev.state as TbState) : null;
    const bustNow = tbBusts.feed(t.events ?? [], restart);
    tbRounds.feed(t.events ?? []);
    regions.board.update({ s, me: me(t), busts: [...tbBusts.busts] }, () => renderTbBoard(s, me(t), restart || quick ? null : before, tbBusts.busts, bustNow));
  } else if (s) {
    // The deciding deal of a game lands on the board too; the standings come after it.
    const { players: _players, ...board } = s;
    const before = prev?.state && !isTb(prev.state) && prev.game === t.game ? prev.state : null;
    const potDelta = before && !restart ? (s.banking === 'house' ? (s.house ?? 0) - (before.house ?? 0) : s.pot - before.pot) : 0;
    const fresh = settled && !quick;
    const view = dealsOnBoard(me(t));
    regions.board.update({ board, ...view, serials: [view.focus?.serial, view.mine?.serial] }, () =>
      renderPotBoard(s, { ...view, me: me(t), fresh, potDelta, onSeen: seeMine }),
    );
  } else {
    regions.board.update(null, () => null);
  }
  if (regions.board.drawn) slots.board.classList.remove('skip');
  // What the landing card decided (the narration's result lines, the stacks, the standings)
  // waits for it.
  const results = said.findIndex((li) => li.classList.contains('ev-third_card') || li.classList.contains('ev-bust'));
  if (results >= 0) holdToo(said.slice(results));
  afterLanding(() => {
    regions.seats.update({ seats: t.seats, s: s ? { players: s.players, to_act: s.to_act, dealer: s.dealer } : null, you: t.you, creator: t.creator }, () =>
      renderSeats(t, () => {
        // Sitting down again: the server takes the seat back from the bot.
        const token = code ? tokens.get(code) : undefined;
        if (token) resumeId = send({ type: 'resume', table: code, token });
      }),
    );
    winBars.moved(t);
    regions.score.update(isTb(s) ? { players: s.players, target: s.target, winners: s.winners, rounds: tbRounds.rounds } : null, () => (isTb(s) ? renderScoreSheet(s, tbRounds) : null));
    const afterActs = (game: number) => ({ again: () => withToken('again'), replay: () => send({ type: 'replay', table: t.table, game }), log: () => send({ type: 'log', table: t.table }) });
    regions.after.update({ status: t.status, game: t.game, s: t.status === 'over' ? s : null, you: t.you, creator: t.creator }, () =>
      renderAfterGame(t, afterActs(t.game), { live: !restart }),
    );
    // The last finished game stays on the page (standings, verify, log) while the next is played.
    const earlier = t.status === 'over' ? undefined : finished.get(t.game - 1);
    regions.earlier.update(earlier ? { game: earlier.game, code: earlier.table } : null, () =>
      earlier ? renderAfterGame(earlier, afterActs(earlier.game), { earlier: true }) : null,
    );
    // chips to and from the pot, once both ends are drawn where they now are
    if (!restart && !quick && s && !isTb(s) && t.events?.length) flyChips(t.events, t.seats.map((x) => x.name), t.family === 'house');
  });
  regions.fairness.update({ status: t.status, commit: t.commit, seed: t.seed, game: t.game }, () => (t.status === 'waiting' || isLocal(t.table) ? null : renderFairness(t))); // no server to commit
  showHelp(t);

  controls.setStatus(turnLine(t));
  const tbMe = isTb(s) ? s.players.find((p) => p.name === me(t)) : undefined;
  // A decision of mine after a move is a new one, even with the same choices (the buttons were
  // disabled when pressed); off turn a move elsewhere leaves the chip-buying box as it is.
  const note = mine ? raiseNote(t) : undefined;
  const cannotWin = mine ? nothingBetween(t) : undefined;
  regions.controls.update({ legal: t.legal, mine, family: t.family, placedThisTurn, banked: tbMe?.banked ?? 0, moves: mine ? t.moves : null, note, cannotWin }, () => {
    controls.render(t.legal, t.family, { mine, placedThisTurn, banked: tbMe?.banked ?? 0, note, cannotWin });
    // the exact chance of this bet, from the engine's odds (the hint's, asked quietly)
    if (mine && s && !isTb(s) && s.posts.length === 2 && t.legal?.actions.some((a) => a.type === 'bet')) oddsId = withToken('hint', { quiet: true });
    return null;
  });
  controls.el.classList.toggle('my-turn', mine);
  // the clock ran while the message waited its turn to be drawn
  const left = t.status === 'playing' && typeof t.turn_left_ms === 'number' ? Math.max(0, t.turn_left_ms - pace.waited(t)) : null;
  clock.set(left, t.to_act ?? '', mine, t.timeout * 1000);
  hint.el.hidden = t.you === null || t.status !== 'playing';
  const waiting = t.status === 'waiting';
  controls.el.hidden = waiting || t.status === 'over';
  narration.el.hidden = waiting;
  keysHelp.hidden = t.you === null || waiting;
  document.title = `${mine ? '\u25B6 your turn \u2014 ' : ''}${t.table} \u2014 inbetween`;
  tableView.dataset.moves = String(t.moves); // how far the page has drawn (the tests wait on it)
  return isLanding();
}

/** The deals the pot/house board shows: the one just settled (largest), your own last one while
 * you have not acted since (however fast the others play), and a strip of the ones before. */
function dealsOnBoard(name: string | null): { focus: Deal | null; mine: Deal | null; strip: Deal[] } {
  const focus = deals.focus;
  const own = deals.lastOf(name);
  const mine = own && own !== focus && own.serial > seenMine ? own : null;
  const strip = deals.history.filter((d) => d !== focus && d !== mine).slice(-STRIP).reverse();
  return { focus, mine, strip };
}

/** A tap on your own last deal: seen; the board puts it away (into the strip). */
function seeMine(): void {
  seenMine = deals.count;
  if (table) {
    regions.board.reset();
    const t = table;
    const s = t.state;
    if (s && !isTb(s)) regions.board.update(null, () => renderPotBoard(s, { ...dealsOnBoard(me(t)), me: me(t), fresh: false, potDelta: 0, onSeen: seeMine }));
    regions.board.reset();
  }
}

function copyLink(): void {
  if (!code) return;
  const link = joinLink(code);
  navigator.clipboard?.writeText(link).then(
    () => tableInfo(`Copied ${link}`),
    () => tableInfo(link),
  );
}

/** Why a table cannot open yet, and that it will by itself. */
function unreachable(): string {
  return navigator.onLine === false
    ? 'You are offline. This table is played on the server: it opens by itself when the connection is back (a game on this device plays offline).'
    : 'The server does not answer yet. This table is played on the server: it opens by itself when it does.';
}

function askLocalPresets(): void {
  if (localPresets) return;
  localPresets = true;
  local.send({ type: 'presets' });
}

function showConn(s: Status, detail: string): void {
  // A table link opened offline (the page itself from the service worker) says so, not "opening".
  connState = s;
  if (s === 'retrying' || s === 'gave-up') {
    askLocalPresets(); // no server: the lobby's presets from this device
    if (!everOpen) lobby.offerLocal(); // nor has there been one (offline, a static host): play here
  }
  if (code && !table && !isLocal(code)) tableInfo(s === 'retrying' || s === 'gave-up' || (s !== 'open' && navigator.onLine === false) ? unreachable() : '');
  connStatus.className = `conn conn-${s}`;
  connStatus.dataset.state = s;
  if ((s === 'retrying' || s === 'gave-up') && !everOpen) {
    // Never connected: nothing was lost, and the page plays on this device meanwhile.
    connStatus.textContent = navigator.onLine === false ? 'offline: games on this device' : 'no server: games on this device';
  } else if (s === 'gave-up') {
    fill(connStatus, 'disconnected ', h('button', { type: 'button', class: 'link-btn', onclick: () => conn.retryNow() }, 'retry'));
  } else {
    connStatus.textContent = detail;
  }
}

// --- keys ------------------------------------------------------------------------------------

document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const el = e.target as HTMLElement | null;
  const typing = !!el && (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || (el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'range'));
  if (typing) {
    if (e.key === 'Escape') el.blur();
    return;
  }
  if (!code) return;
  if (replay.key(e)) {
    e.preventDefault();
    return;
  }
  if (e.key === 'h' || e.key === '?') {
    askHint();
    e.preventDefault();
    return;
  }
  if (e.key === 'c') {
    chat.input.focus();
    e.preventDefault();
    return;
  }
  if (controls.key(e)) e.preventDefault();
});

function showSound(): void {
  const on = soundOn();
  soundToggle.textContent = on ? '\u266A sound on' : '\u266A sound off';
  soundToggle.setAttribute('aria-pressed', String(on));
}
soundToggle.addEventListener('click', () => {
  setSound(!soundOn());
  showSound();
  play('card');
});
showSound();

// A tap on the board, or any key, finishes its animations at once; a second goes on to the
// messages that wait behind them.
const skip = (e?: Event) => {
  // typing (chat, an amount), a modifier or Tab is not "go on"
  if (e instanceof KeyboardEvent) {
    const el = e.target as HTMLElement | null;
    if (e.ctrlKey || e.metaKey || e.altKey || ['Shift', 'Control', 'Alt', 'Meta', 'Tab'].includes(e.key)) return;
    if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT')) return;
  }
  slots.board.classList.add('skip');
  // A card landing lands (its result shows, for the usual moment); a moment already shown ends.
  pace.skip();
  landChips(); // also those the landing just sent off
};
slots.board.addEventListener('click', skip);
document.addEventListener('keydown', skip, { capture: true });

// A new address: what the lobby said of the last one no longer holds.
window.addEventListener('hashchange', () => {
  if (!lobbySays) lobby.error('');
  lobbySays = false;
  route();
});
route();
conn.connect();
// Back online: try at once, also after the page gave up.
window.addEventListener('online', () => conn.retryNow());
if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => undefined);
