// Load on `inbetween serve` (a benchmark, not a test): T tables on 127.0.0.1, each with two people
// who act the moment it is their turn, two bots and two spectators (4 WebSocket clients a table),
// for D seconds. Reports moves per second and, for every person's action, the time from sending
// it to the broadcast that shows it (50th / 99th percentile), as seen by the acting client.
//   node bench/serve_load.mjs [--tables 200] [--seconds 20] [--bot-delay-ms 700] [--binary build/inbetween]
// --bot-delay-ms is the server's pause before a bot moves (its default, 700, is what people see;
// 0 makes every table play as fast as the server can).
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const WebSocket = createRequire(join(here, '../web/package.json'))('ws');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const tables = Number(arg('tables', 200));
const seconds = Number(arg('seconds', 20));
const binary = arg('binary', join(here, '../build/inbetween'));
const botDelay = arg('bot-delay-ms', '700');
const db = join(mkdtempSync(join(tmpdir(), 'inbetween-load-')), 'load.db');

const server = spawn(binary, ['serve', '--port', '0', '--db', db, '--bot-delay-ms', botDelay, '--max-tables', String(tables + 10),
  '--max-connections-per-address', String(tables * 4 + 10), '--messages-per-second', '100000'],
  { env: { ...process.env, INBETWEEN_DATA: join(here, '..') }, stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => { const m = /127\.0\.0\.1:(\d+)\//.exec(d.toString()); if (m) resolve(Number(m[1])); });
  server.on('exit', () => reject(new Error('serve ended')));
});

function connect() {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    ws.on('open', () => resolve(ws));
  });
}
const send = (ws, m) => ws.send(JSON.stringify(m));
const next = (ws, type) => new Promise((resolve) => {
  const on = (d) => { const m = JSON.parse(d); if (m.type === type || m.type === 'error') { ws.off('message', on); resolve(m); } };
  ws.on('message', on);
});

const latencies = [];
let moves = 0;
let running = false;
let games = 0;

// A person who acts on their turn with their first legal choice (the least amount).
function person(ws, table, token, name) {
  let pending = null; // [moves when sent, time sent]
  ws.on('message', (d) => {
    const m = JSON.parse(d);
    if (m.type !== 'table') return;
    if (pending && m.moves > pending[0]) {
      latencies.push(performance.now() - pending[1]);
      pending = null;
    }
    if (!running) return;
    if (m.status === 'over') {
      if (m.you === 0) { games++; send(ws, { type: 'again', table, token }); }
      return;
    }
    if (m.status === 'waiting' && m.you === 0) { send(ws, { type: 'start', table, token }); return; }
    if (m.status !== 'playing' || m.to_act !== name || !m.legal || pending) return;
    const choice = m.legal.actions.find((a) => a.type !== 'rebuy');
    if (!choice) return;
    const action = choice.min !== undefined ? { type: choice.type, amount: choice.min } : choice.type === 'call' ? { type: 'call', ace: choice.ace[0] } : choice;
    pending = [m.moves, performance.now()];
    send(ws, { type: 'act', table, token, action });
  });
}

const presets = ['hoyle', 'red-dog', 'threebetween', 'banker'];
const starts = [];
for (let t = 0; t < tables; t++) {
  const host = await connect();
  send(host, { type: 'create', name: 'Ann', rules: presets[t % presets.length], seats: 4, set: {} });
  const seated = await next(host, 'seated');
  const guest = await connect();
  send(guest, { type: 'join', table: seated.table, name: 'Bob' });
  const bob = await next(guest, 'seated');
  const watchers = [await connect(), await connect()];
  for (const w of watchers) send(w, { type: 'watch', table: seated.table });
  // The first spectator counts the table's moves (each game's `moves` starts again at 0).
  let seen = { game: 0, moves: 0 };
  watchers[0].on('message', (d) => {
    const m = JSON.parse(d);
    if (m.type !== 'table') return;
    if (m.game !== seen.game) seen = { game: m.game, moves: 0 };
    if (running) moves += Math.max(0, m.moves - seen.moves);
    seen.moves = m.moves;
  });
  send(host, { type: 'bot', table: seated.table, token: seated.token, kind: 'sensible' });
  send(host, { type: 'bot', table: seated.table, token: seated.token, kind: 'sensible' });
  person(host, seated.table, seated.token, 'Ann');
  person(guest, seated.table, bob.token, 'Bob');
  starts.push(() => send(host, { type: 'start', table: seated.table, token: seated.token }));
}
running = true;
const began = performance.now();
for (const start of starts) start();
await new Promise((r) => setTimeout(r, seconds * 1000));
running = false;
const elapsed = (performance.now() - began) / 1000;
const rows = moves;
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
console.log(`tables ${tables}, clients ${tables * 4}, bot delay ${botDelay} ms, ${elapsed.toFixed(1)} s, games finished ${games}`);
console.log(`moves (people and bots) ${rows}: ${(rows / elapsed).toFixed(0)} per second`);
console.log(`people's actions timed ${latencies.length}: action to broadcast p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1).toFixed(1)} ms`);
process.exit(0);
