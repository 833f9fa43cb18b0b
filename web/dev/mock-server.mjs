// A stand-in for `inbetween serve` while developing the page: it serves dist/ and speaks enough of
// docs/server.md over /ws (presets, tables, create, join, watch, resume, bot, start, act, hint,
// chat, again, replay) to play every family, relaying to one `inbetween engine` process per table.
// It keeps nothing on disk. Not the real server: no rate limits, no away seats; the turn clock is
// the server's (`turn_left_ms`, a sensible bot moves when it runs out), and `set` is sent back.
//
//   node dev/mock-server.mjs [--port 8090] [--engine ../build/inbetween] [--data ..] [--bot-delay-ms 300]

import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const PORT = Number(arg('port', 8090));
const DATA = resolve(arg('data', process.env.INBETWEEN_DATA ?? join(here, '../..')));
const ENGINE = resolve(arg('engine', existsSync(join(DATA, 'build/inbetween')) ? join(DATA, 'build/inbetween') : '/work/main/build/inbetween'));
const DIST = resolve(arg('web', join(here, '../dist')));
const BOT_DELAY = Number(arg('bot-delay-ms', 300));
const BOTS = ['random', 'cautious', 'sensible', 'optimal'];

// --- presets from the rules folder ---------------------------------------------------------------
function presets() {
  const dir = join(DATA, 'rules');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.toml'))
    .map((f) => {
      const t = readFileSync(join(dir, f), 'utf8');
      const get = (k) => (t.match(new RegExp(`^${k}\\s*=\\s*"?([^"\\n#]*)"?`, 'm')) ?? [])[1]?.trim();
      // The `[lobby]` table (written by the project's own files: a string a line, JSON's escapes).
      const lobby = t.slice(t.indexOf('\n[lobby]'));
      const rules = (lobby.match(/^rules = \[\n([\s\S]*?)^\]/m)?.[1] ?? '').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l.trim().replace(/,$/, '')));
      const help = { how_to_play: JSON.parse(lobby.match(/^how_to_play = (".*")$/m)?.[1] ?? '""'), rules };
      return { name: get('name'), family: get('game'), title: get('description'), min_players: Number(get('min_players')), max_players: Number(get('max_players')), order: Number(lobby.match(/^order = (\d+)/m)?.[1] ?? 100), help };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

// --- one engine per table ----------------------------------------------------------------------
class Engine {
  constructor() {
    this.proc = spawn(ENGINE, ['engine'], { env: { ...process.env, INBETWEEN_DATA: DATA }, stdio: ['pipe', 'pipe', 'inherit'] });
    this.waiting = [];
    createInterface({ input: this.proc.stdout }).on('line', (line) => this.waiting.shift()?.(JSON.parse(line)));
  }
  ask(req) {
    return new Promise((res) => {
      this.waiting.push(res);
      this.proc.stdin.write(JSON.stringify(req) + '\n');
    });
  }
  close() {
    this.proc.stdin.end();
  }
}

// --- tables --------------------------------------------------------------------------------------
const tables = new Map(); // code -> table
const newCode = () => {
  const A = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let c;
  do c = Array.from(randomBytes(4), (b) => A[b % A.length]).join('');
  while (tables.has(c));
  return c;
};

function send(ws, msg) {
  if (ws.readyState === 1) ws.send(JSON.stringify(msg));
}

function tableMsg(t, conn) {
  const you = conn.seats.get(t.code) ?? null;
  const me = you !== null ? t.seats[you].name : null;
  const from = conn.seen.get(t.code) ?? 0;
  conn.seen.set(t.code, t.events.length);
  return {
    type: 'table', table: t.code, rules: t.rules, family: t.family, title: t.title, status: t.status, game: t.game,
    creator: 0, you, timeout: t.timeout, set: t.set,
    turn_left_ms: t.deadline !== null ? Math.max(0, t.deadline - Date.now()) : null,
    seats: t.seats.map((s) => (s.name ? { name: s.name, bot: s.bot, connected: s.bot ? true : s.conns.size > 0, away: false } : { name: null })),
    commit: t.commit, seed: t.status === 'over' ? String(t.seed) : null,
    state: t.state, to_act: t.state?.to_act ?? null,
    legal: me && t.state?.to_act === me ? t.legal : null,
    events: t.events.slice(from), event_count: t.events.length, moves: t.steps.length ? t.steps.length - 1 : 0,
  };
}

async function broadcast(t) {
  if (t.state && t.state.to_act && !t.state.over) t.legal = (await t.engine.ask({ cmd: 'legal' }));
  else t.legal = null;
  if (t.legal) delete t.legal.ok;
  for (const c of t.watchers) send(c.ws, tableMsg(t, c));
  maybeBot(t);
}

function maybeBot(t) {
  if (t.status !== 'playing' || !t.state?.to_act) return;
  const seat = t.seats.find((s) => s.name === t.state.to_act);
  if (!seat?.bot || t.botTimer) return;
  t.botTimer = setTimeout(async () => {
    t.botTimer = null;
    const player = t.state.to_act;
    const r = await t.engine.ask({ cmd: 'act', player, bot: seat.bot });
    if (r.ok) record(t, player, r.action, r);
    await broadcast(t);
  }, BOT_DELAY);
}

// The turn clock, as the server's (docs/server.md, `turn_left_ms`): a person's clock starts at the
// table's timeout when their turn starts and again after each of their moves; when it runs out a
// sensible bot makes that one move for them. Bots have none.
function armClock(t) {
  clearTimeout(t.clockTimer);
  t.clockTimer = null;
  t.deadline = null;
  if (t.status !== 'playing' || !t.state?.to_act) return;
  const seat = t.seats.find((s) => s.name === t.state.to_act);
  if (!seat || seat.bot) return;
  const ms = t.timeout * 1000;
  t.deadline = Date.now() + ms;
  const moves = t.steps.length;
  t.clockTimer = setTimeout(async () => {
    t.clockTimer = null;
    if (t.steps.length !== moves || t.status !== 'playing') return; // the table moved meanwhile
    const player = t.state.to_act;
    const r = await t.engine.ask({ cmd: 'act', player, bot: 'sensible' });
    // as the server: the move is marked as the clock's, a played_for event before its events
    if (r.ok) record(t, player, r.action, { ...r, events: [{ type: 'played_for', player, reason: 'clock', bot: 'sensible' }, ...r.events] }, 'clock');
    await broadcast(t);
  }, ms);
}

function record(t, player, action, r, by) {
  const toAct = t.state?.to_act;
  t.events.push(...r.events);
  t.state = r.state;
  t.steps.push({ player, action, events: r.events, state: r.state, ...(by ? { by } : {}) });
  t.log.push({ cmd: 'act', player, action, ...(by ? { by } : {}) });
  if (r.state.over) {
    t.status = 'over';
    t.games.set(t.game, { steps: t.steps, log: t.log });
  }
  if (action?.type !== 'rebuy' || player === toAct) armClock(t); // another seat's rebuy leaves it running
}

async function startGame(t) {
  t.game += 1;
  t.seed = Number(randomBytes(6).readUIntBE(0, 6));
  t.commit = createHash('sha256').update(`${t.code}:${t.game}:${t.seed}`).digest('hex');
  const req = { cmd: 'new', rules: t.rulesPath ?? t.rules, players: t.seats.map((s) => s.name), seed: t.seed, set: t.set };
  const r = await t.engine.ask(req);
  if (!r.ok) return r.error;
  t.status = 'playing';
  t.events = [...r.events];
  t.state = r.state;
  t.steps = [{ player: null, action: null, events: r.events, state: r.state }];
  t.log = [req];
  for (const c of t.watchers) c.seen.set(t.code, 0);
  armClock(t);
  return null;
}

// --- messages ------------------------------------------------------------------------------------
const err = (conn, id, code, message) => send(conn.ws, { type: 'error', code, message, ...(id !== undefined ? { id } : {}) });

function seatOf(conn, m) {
  const t = tables.get(String(m.table ?? '').toUpperCase());
  if (!t) return [null, null, 'no_table'];
  const i = t.seats.findIndex((s) => s.token && s.token === m.token);
  return i < 0 ? [t, null, 'bad_token'] : [t, i, null];
}

function seatConn(t, i, conn) {
  t.seats[i].conns.add(conn);
  conn.seats.set(t.code, i);
  t.watchers.add(conn);
  conn.seen.set(t.code, 0);
  send(conn.ws, { type: 'seated', table: t.code, seat: i, token: t.seats[i].token, id: conn.id });
}

async function handle(conn, m) {
  const id = m.id;
  conn.id = id;
  const P = presets();
  switch (m.type) {
    case 'presets':
      return send(conn.ws, { type: 'presets', presets: P, bots: BOTS, id });
    case 'tables':
      return send(conn.ws, {
        type: 'tables', id,
        tables: [...tables.values()].filter((t) => t.status !== 'over').map((t) => ({ table: t.code, rules: t.rules, status: t.status, seats: t.seats.length, filled: t.seats.filter((s) => s.name).length, watchers: [...t.watchers].filter((c) => !c.seats.has(t.code)).length })),
      });
    case 'create': {
      const p = m.rules_text ? null : P.find((x) => x.name === m.rules);
      if (!p && !m.rules_text) return err(conn, id, 'bad_message', 'unknown preset');
      const n = Number(m.seats ?? p?.min_players ?? 2);
      if (p && (n < p.min_players || n > p.max_players)) return err(conn, id, 'bad_message', `seats must be ${p.min_players}..${p.max_players}`);
      if (!m.name) return err(conn, id, 'bad_message', 'a name is needed');
      const code = newCode();
      let rulesPath;
      const text = m.rules_text ? String(m.rules_text) : null;
      const tget = (k) => (text?.match(new RegExp(`^${k}\\s*=\\s*"?([^"\\n#]*)"?`, 'm')) ?? [])[1]?.trim();
      if (text) {
        rulesPath = join(tmpdir(), `mock-rules-${code}.toml`);
        writeFileSync(rulesPath, text);
      }
      const t = {
        code, rulesPath, rules: p?.name ?? tget('name') ?? 'custom', family: p?.family ?? tget('game') ?? 'pot', title: p?.title ?? tget('description') ?? 'pasted rules', set: Object.fromEntries(Object.entries(m.set ?? {}).map(([k, v]) => [k, String(v)])), timeout: Number(m.timeout ?? 60),
        status: 'waiting', game: 0, seats: Array.from({ length: n }, () => ({ name: null, bot: null, token: null, conns: new Set() })),
        watchers: new Set(), engine: new Engine(), events: [], steps: [], log: [], games: new Map(), state: null, commit: null, seed: null,
        deadline: null, clockTimer: null,
      };
      // refuse bad rules or knobs now, as the server does, with a trial game
      const trial = await t.engine.ask({ cmd: 'new', rules: rulesPath ?? t.rules, players: t.seats.map((_, i) => `p${i}`), set: t.set });
      if (!trial.ok) {
        t.engine.close();
        return err(conn, id, trial.error.code, trial.error.message);
      }
      tables.set(code, t);
      t.seats[0] = { name: String(m.name), bot: null, token: randomBytes(16).toString('hex'), conns: new Set() };
      seatConn(t, 0, conn);
      return broadcast(t);
    }
    case 'join': {
      const t = tables.get(String(m.table ?? '').toUpperCase());
      if (!t) return err(conn, id, 'no_table', `no table ${m.table}`);
      if (t.status !== 'waiting') return err(conn, id, 'not_waiting', 'the game has started');
      const i = t.seats.findIndex((s) => !s.name);
      if (i < 0) return err(conn, id, 'table_full', 'every seat is taken');
      if (t.seats.some((s) => s.name === m.name)) return err(conn, id, 'bad_message', 'that name is taken at this table');
      t.seats[i] = { name: String(m.name), bot: null, token: randomBytes(16).toString('hex'), conns: new Set() };
      seatConn(t, i, conn);
      return broadcast(t);
    }
    case 'watch': {
      const t = tables.get(String(m.table ?? '').toUpperCase());
      if (!t) return err(conn, id, 'no_table', `no table ${m.table}`);
      t.watchers.add(conn);
      conn.seen.set(t.code, 0);
      return send(conn.ws, tableMsg(t, conn));
    }
    case 'resume': {
      const [t, i, e] = seatOf(conn, m);
      if (e) return err(conn, id, e, e === 'no_table' ? `no table ${m.table}` : 'not a seat of this table');
      seatConn(t, i, conn);
      return broadcast(t);
    }
    case 'bot': case 'start': case 'again': {
      const [t, i, e] = seatOf(conn, m);
      if (e) return err(conn, id, e, e);
      if (i !== 0) return err(conn, id, 'not_creator', 'only the creator may');
      if (m.type === 'bot') {
        if (t.status !== 'waiting') return err(conn, id, 'not_waiting', 'started');
        const j = t.seats.findIndex((s) => !s.name);
        if (j < 0) return err(conn, id, 'table_full', 'full');
        t.seats[j] = { name: `bot${j + 1}`, bot: BOTS.includes(m.kind) ? m.kind : 'sensible', token: null, conns: new Set() };
        return broadcast(t);
      }
      if (m.type === 'start' && t.status !== 'waiting') return err(conn, id, 'not_waiting', 'started');
      if (m.type === 'again' && t.status !== 'over') return err(conn, id, 'not_over', 'not over');
      if (t.seats.some((s) => !s.name)) return err(conn, id, 'bad_message', 'every seat must be filled');
      const e2 = await startGame(t);
      if (e2) return err(conn, id, e2.code, e2.message);
      return broadcast(t);
    }
    case 'act': {
      const [t, i, e] = seatOf(conn, m);
      if (e) return err(conn, id, e, e);
      if (t.status !== 'playing') return err(conn, id, 'game_over', 'no game in play');
      const player = t.seats[i].name;
      const r = await t.engine.ask({ cmd: 'act', player, action: m.action });
      if (!r.ok) return err(conn, id, r.error.code, r.error.message);
      const log = await t.engine.ask({ cmd: 'log' });
      record(t, player, log.log[log.log.length - 1].action, r);
      return broadcast(t);
    }
    case 'hint': {
      const [t, i, e] = seatOf(conn, m);
      if (e) return err(conn, id, e, e);
      if (t.state?.to_act !== t.seats[i].name) return err(conn, id, 'not_your_turn', 'not your turn');
      const r = await t.engine.ask({ cmd: 'hint' });
      if (!r.ok) return err(conn, id, r.error.code, r.error.message);
      delete r.ok;
      return send(conn.ws, { type: 'hint', table: t.code, hint: r, id });
    }
    case 'chat': {
      const t = tables.get(String(m.table ?? '').toUpperCase());
      if (!t) return err(conn, id, 'no_table', 'no table');
      const text = String(m.text ?? '');
      if (text.length < 1 || text.length > 200) return err(conn, id, 'bad_message', 'chat text is 1..200 characters');
      const seat = t.seats.find((s) => s.token && s.token === m.token);
      for (const c of t.watchers) send(c.ws, { type: 'chat', table: t.code, from: seat?.name ?? null, text });
      return;
    }
    case 'replay': {
      const t = tables.get(String(m.table ?? '').toUpperCase());
      if (!t) return err(conn, id, 'no_table', 'no table');
      const g = t.games.get(Number(m.game ?? t.game));
      if (!g) return err(conn, id, 'not_over', 'that game is not over');
      return send(conn.ws, { type: 'replay', table: t.code, game: Number(m.game ?? t.game), steps: g.steps });
    }
    default:
      return err(conn, id, 'bad_message', `unknown type ${m.type}`);
  }
}

// --- HTTP and WebSocket -------------------------------------------------------------------------
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const m = url.pathname.match(/^\/tables\/([A-Z0-9]+)\/(log|verify)$/);
  if (m) {
    const t = tables.get(m[1]);
    const g = t?.games.get(Number(url.searchParams.get('game') ?? t?.game));
    if (!g) return res.writeHead(404).end('not found\n');
    if (m[2] === 'log') return res.writeHead(200, { 'content-type': 'application/x-ndjson' }).end(g.log.map((l) => JSON.stringify(l)).join('\n') + '\n');
    return res.writeHead(200, { 'content-type': 'text/plain' }).end(`mock: the real server runs inbetween verify here (${g.log.length - 1} moves)\n`);
  }
  const file = join(DIST, url.pathname === '/' ? 'index.html' : url.pathname.replace(/\.\./g, ''));
  if (!file.startsWith(DIST) || !existsSync(file)) return res.writeHead(404).end('not found\n');
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
const wss = new WebSocketServer({ server, path: '/ws' });
wss.on('connection', (ws) => {
  const conn = { ws, seats: new Map(), seen: new Map(), id: undefined };
  let chain = Promise.resolve();
  ws.on('message', (data) => {
    let m;
    try {
      m = JSON.parse(String(data));
    } catch {
      return err(conn, undefined, 'bad_message', 'not JSON');
    }
    chain = chain.then(() => handle(conn, m)).catch((e) => err(conn, m?.id, 'internal', String(e)));
  });
  ws.on('close', () => {
    for (const t of tables.values()) {
      t.watchers.delete(conn);
      for (const s of t.seats) s.conns?.delete(conn);
    }
  });
});
server.listen(PORT, '127.0.0.1', () => console.log(`mock server on http://127.0.0.1:${PORT}/ (engine ${ENGINE}, data ${DATA})`));
