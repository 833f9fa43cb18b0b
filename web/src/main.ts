// The browser table of `inbetween serve` (docs/server.md). Plain TypeScript and DOM, no
// framework: the page is small (a lobby and one table view that is redrawn from each `table`
// message), so a framework would add more weight and build steps than it would save.
//
// This file wires the parts together: the connection, the lobby, the table view, the keys.

import { renderAfterGame } from './aftergame';
import { Controls } from './bet';
import { Chat } from './chat';
import { Connection, savedName, tokens, type Status } from './connection';
import { byId, fill, h } from './dom';
import { HintPanel } from './hint';
import { Lobby, normalizeCode, renderWaiting, type CreateRequest } from './lobby';
import { Narration } from './narration';
import { ReplayView } from './replay';
import { joinLink, renderFairness, renderHeader, renderPotBoard, renderSeats, turnLine } from './table';
import { renderScoreSheet, renderTbBoard } from './threebetween';
import type { Action, ServerMsg, TableMsg } from './types';
import { isTb } from './types';

const app = byId('app');
const connStatus = byId('conn-status');

let code: string | null = null; // the table this page shows
let table: TableMsg | null = null; // its last `table` message
let bots: string[] = ['random', 'cautious', 'sensible', 'optimal'];
let resumeId: number | null = null;
let lobbyTimer: number | undefined;

const conn = new Connection(Connection.defaultUrl(), {
  onOpen: () => enter(),
  onMessage: (m) => receive(m),
  onStatus: (s, d) => showConn(s, d),
});

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
const hint = new HintPanel((a) => act(a));
const narration = new Narration();
const chat = new Chat((text) => {
  if (!code) return false;
  const tok = tokens.get(code);
  return send({ type: 'chat', table: code, text, ...(tok && table?.you !== null ? { token: tok } : {}) }) !== null;
});
const replay = new ReplayView(() => replay.close());

const slots = {
  head: h('div', { class: 'head-slot' }),
  waiting: h('div'),
  board: h('div', { class: 'board-slot' }),
  after: h('div'),
  fairness: h('div'),
  seats: h('div'),
  score: h('div'),
  error: h('p', { class: 'error', role: 'alert', 'data-testid': 'table-error' }),
};

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
    h('div', { class: 'main-col' }, slots.error, slots.waiting, slots.board, controls.el, slots.after, replay.el, hint.el, slots.fairness),
    h('aside', { class: 'side-col' }, slots.seats, slots.score, narration.el, chat.el),
  ),
  keysHelp,
);

// --- sending ---------------------------------------------------------------------------------

function send(msg: Record<string, unknown>, where?: { error(t: string): void }): number | null {
  const id = conn.send(msg);
  if (id === null) (where ?? { error: tableError }).error('Not connected; trying again\u2026');
  return id;
}

function tableError(text: string): void {
  slots.error.textContent = text;
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
  if (withToken('act', { action: a }) === null) controls.unlock();
}

function askHint(): void {
  if (!table?.legal?.actions.length) return;
  hint.waiting();
  withToken('hint');
}

// --- routing ---------------------------------------------------------------------------------

function codeFromHash(): string | null {
  const c = normalizeCode(decodeURIComponent(location.hash.slice(1)));
  return c || null;
}

function go(c: string | null): void {
  const target = c ? `#${c}` : '#';
  if (location.hash !== target && !(target === '#' && !location.hash)) location.hash = target;
  else route();
}

/** Shows the view the hash names; `ask`: request what it needs (not after `seated`, which
 * already brings the table). */
function route(ask = true): void {
  const c = codeFromHash();
  if (c !== code || !table || table.table !== c) {
    code = c;
    table = null;
    narration.clear();
    chat.clear();
    hint.clear();
    replay.close();
  }
  if (code) {
    fill(app, tableView);
    window.clearInterval(lobbyTimer);
    fill(slots.head, h('header', { class: 'table-head' }, h('span', { class: 'code', 'data-testid': 'table-code' }, code), ' opening\u2026'));
  } else {
    fill(app, lobby.el);
    document.title = 'inbetween';
    window.clearInterval(lobbyTimer);
    lobbyTimer = window.setInterval(() => conn.isOpen && send({ type: 'tables' }), 10000);
  }
  if (ask && conn.isOpen) enter();
}

/** On (re)connecting or routing: ask for what the view needs. */
function enter(): void {
  send({ type: 'presets' });
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
    case 'table':
      if (m.table === code) showTable({ ...m, you: m.you ?? null, events: m.events ?? [], legal: m.legal ?? null, seats: m.seats ?? [] });
      return;
    case 'hint':
      if (m.table === code) hint.show(m.hint, table?.family ?? 'pot');
      return;
    case 'chat':
      if (m.table === code) chat.add(m.from, m.text);
      return;
    case 'replay':
      if (m.table === code) replay.load(m.steps, table?.family ?? 'pot', m.game);
      return;
    case 'error':
      onError(m.code, m.message, m.id);
  }
}

function onError(codeName: string, message: string, id: unknown): void {
  if (id !== undefined && id === resumeId && code && (codeName === 'bad_token' || codeName === 'no_table')) {
    resumeId = null;
    tokens.drop(code);
    if (codeName === 'bad_token') {
      send({ type: 'watch', table: code });
      return;
    }
  }
  if (codeName === 'no_table') {
    lobby.error(`No table ${code ?? ''}.`);
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

function showTable(t: TableMsg): void {
  const prev = table;
  // A message with every event of the game (after seated, watch, resume: also on a reconnect)
  // or of a new game starts the narration afresh.
  const all = (t.events?.length ?? 0) === t.event_count;
  if (!prev || all || prev.game !== t.game || t.event_count < (prev.event_count ?? 0)) {
    narration.clear();
    if (t.status !== 'waiting') narration.note(`Game ${t.game}: ${t.rules}.`);
  }
  if (t.events?.length) narration.add(t.events, me(t));
  const legalChanged = JSON.stringify(prev?.legal ?? null) !== JSON.stringify(t.legal ?? null);
  table = t;
  if (legalChanged) hint.clear();
  tableError('');

  fill(slots.head, renderHeader(t, copyLink));
  fill(
    slots.waiting,
    t.status === 'waiting'
      ? renderWaiting(t, bots, lobby.name || savedName.get(), {
          join: (name) => {
            savedName.set(name);
            send({ type: 'join', table: t.table, name });
          },
          addBot: (kind) => withToken('bot', { kind }),
          start: () => withToken('start'),
          copyLink,
        })
      : null,
  );
  const s = t.state;
  // Over, a pot board holds no cards: the after-game panel takes its place.
  fill(slots.board, s ? (isTb(s) ? renderTbBoard(s, me(t)) : t.status === 'over' ? null : renderPotBoard(s)) : null);
  fill(slots.seats, renderSeats(t));
  fill(slots.score, isTb(s) ? renderScoreSheet(s) : null);
  fill(slots.after, renderAfterGame(t, { again: () => withToken('again'), replay: () => send({ type: 'replay', table: t.table, game: t.game }) }));
  fill(slots.fairness, t.status === 'waiting' ? null : renderFairness(t));

  const mine = !!t.legal && t.legal.actions.length > 0;
  controls.setStatus(turnLine(t));
  controls.render(mine ? t.legal : null, t.family, mine);
  controls.el.classList.toggle('my-turn', mine);
  hint.el.hidden = t.you === null || t.status !== 'playing';
  const waiting = t.status === 'waiting';
  controls.el.hidden = waiting || t.status === 'over';
  narration.el.hidden = waiting;
  keysHelp.hidden = t.you === null || waiting;
  document.title = `${mine ? '\u25B6 your turn \u2014 ' : ''}${t.table} \u2014 inbetween`;
}

function copyLink(): void {
  if (!code) return;
  const link = joinLink(code);
  navigator.clipboard?.writeText(link).then(
    () => tableError(`Copied ${link}`),
    () => tableError(link),
  );
}

function showConn(s: Status, detail: string): void {
  connStatus.className = `conn conn-${s}`;
  connStatus.dataset.state = s;
  if (s === 'gave-up') {
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

window.addEventListener('hashchange', () => route());
route();
conn.connect();
