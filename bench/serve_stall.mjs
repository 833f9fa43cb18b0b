// Does long work at one table hold up the others? (a benchmark, not a test; 127.0.0.1 only)
// Busy tables play (serve_tables.mjs: people who act at once, bots, spectators) while, from
// other loopback addresses in a process of their own, one kind of long request is repeated:
//   verify   4 clients looping GET /tables/CODE/verify on a finished game of --long-moves moves
//   replay   16 clients each asking that game's whole `replay` (page by page) every half second
//   solve    ThreeBeTween hints on fresh `spaces = 4` tables (a cold solve each, no disk cache)
//   chances  8 clients each asking, again and again, each seat's chance to win at a three-seat
//            ThreeBeTween table of its own (200 playouts, about 40 ms of a heavy worker each)
// It reports the people's action-to-broadcast p50/p99 at the busy tables while quiet and during
// each flood, the moves per second, and what the flood got (answers, `busy` refusals).
//   node bench/serve_stall.mjs [--tables 50] [--seconds 15] [--bot-delay-ms 100] [--long-moves 5000] [--binary build/inbetween]
//                              [--kinds quiet,verify,replay,solve,quiet]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { arg, here, startServer, stopServer, connect, send, next, BusyTables } from './serve_tables.mjs';

const tables = Number(arg('tables', 50));
const seconds = Number(arg('seconds', 15));
const botDelay = arg('bot-delay-ms', '100');
const longMoves = Number(arg('long-moves', 5000));
const binary = arg('binary', join(here, '../build/inbetween'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- the flooder (this file run again with --flood KIND --port P --code C) -----------------
const flood = arg('flood');
if (flood) {
  const port = Number(arg('port'));
  const code = arg('code');
  const stopAt = Date.now() + seconds * 1000;
  const got = { answers: 0, busy: 0, other: 0, dropped: 0 };
  const count = (m) => { if (m.type === 'error') { if (m.code === 'busy') got.busy++; else got.other++; } else got.answers++; };
  const loops = [];
  if (flood === 'verify') {
    for (let i = 0; i < 4; i++) loops.push((async () => {
      while (Date.now() < stopAt) {
        const r = await fetch(`http://127.0.0.1:${port}/tables/${code}/verify`);
        await r.text();
        if (r.status === 200) got.answers++; else if (r.status === 503) got.busy++; else got.other++;
      }
    })());
  } else if (flood === 'replay') {
    for (let i = 0; i < 16; i++) loops.push((async () => {
      while (Date.now() < stopAt) {
        // A client the server drops (a reply over its send queue) comes back on a new connection.
        const ws = await connect(port, `127.0.9.${1 + i}`);
        if (!ws) { got.other++; await sleep(500); continue; }
        const closed = new Promise((r) => ws.on('close', () => r({ type: 'closed' })));
        while (Date.now() < stopAt && ws.readyState === 1) {
          // The whole game, page by page as the browser table asks for it.
          let m = null;
          for (let from = 0, total = 1; from < total;) {
            send(ws, { type: 'replay', table: code, game: 1, from });
            m = await Promise.race([next(ws, 'replay'), closed]);
            if (m.type !== 'replay') break;
            total = m.steps_total ?? m.steps.length;  // a server without pages sends it whole
            from += Math.max(1, m.steps.length);
          }
          if (m.type === 'closed') { got.dropped++; break; }
          count(m);
          await sleep(500);
        }
        ws.terminate();
      }
    })());
  } else if (flood === 'solve') {
    for (let i = 0; i < 3; i++) loops.push((async () => {
      const ws = await connect(port, `127.0.8.${1 + i}`);
      while (Date.now() < stopAt) {
        // A fresh table each time, on its own rules: no solve is shared or cached.
        send(ws, { type: 'create', name: 'Sol', rules: 'threebetween', seats: 2, set: { spaces: 4, target: 40 + 10 * i + got.answers } });
        const seated = await next(ws, 'seated');
        if (seated.type === 'error') { got.other++; await sleep(200); continue; }
        send(ws, { type: 'bot', table: seated.table, token: seated.token, kind: 'random' });
        send(ws, { type: 'start', table: seated.table, token: seated.token });
        // Wait for Sol's turn, then ask the hint.
        for (;;) {
          const m = await next(ws, 'table');
          if (m.type === 'table' && m.status === 'playing' && m.to_act === 'Sol') break;
          if (m.type === 'table' && m.status === 'over') break;
        }
        send(ws, { type: 'hint', table: seated.table, token: seated.token });
        count(await next(ws, 'hint'));
      }
      ws.terminate();
    })());
  } else if (flood === 'chances') {
    for (let i = 0; i < 8; i++) loops.push((async () => {
      const ws = await connect(port, `127.0.6.${1 + i}`);
      send(ws, { type: 'create', name: 'Cy', rules: 'threebetween', seats: 3 });
      const seated = await next(ws, 'seated');
      if (seated.type === 'error') { got.other++; return; }
      send(ws, { type: 'bot', table: seated.table, token: seated.token, kind: 'sensible' });
      send(ws, { type: 'bot', table: seated.table, token: seated.token, kind: 'sensible' });
      // One listener from before the start: several table messages may come in one go.
      const playing = new Promise((resolve) => {
        const on = (d) => { const m = JSON.parse(d); if (m.type === 'table' && m.status === 'playing') { ws.off('message', on); resolve(); } };
        ws.on('message', on);
      });
      send(ws, { type: 'start', table: seated.table, token: seated.token });
      await playing;
      while (Date.now() < stopAt) {
        send(ws, { type: 'chances', table: seated.table });
        count(await next(ws, 'chances'));
      }
      ws.terminate();
    })());
  }
  await Promise.all(loops);
  console.log(JSON.stringify(got));
  process.exit(0);
}

// ---- the long game: Ann against a sensible bot, `deals` long, Ann acting at once ----------------
async function longGame(port) {
  const ws = await connect(port, '127.0.7.1');
  send(ws, { type: 'create', name: 'Ann', rules: 'hoyle', seats: 2, set: { deals: String(Math.ceil(longMoves / 3)), start_chips: '100000' } });
  const seated = await next(ws, 'seated');
  send(ws, { type: 'bot', table: seated.table, token: seated.token, kind: 'sensible' });
  const over = new Promise((resolve) => ws.on('message', (d) => {
    const m = JSON.parse(d);
    if (m.type !== 'table') return;
    if (m.status === 'over') return resolve(m.moves);
    if (m.status !== 'playing' || m.to_act !== 'Ann' || !m.legal) return;
    const choice = m.legal.actions.find((a) => a.type !== 'rebuy');
    const action = choice.min !== undefined ? { type: choice.type, amount: choice.min } : choice.type === 'call' ? { type: 'call', ace: choice.ace[0] } : choice;
    send(ws, { type: 'act', table: seated.table, token: seated.token, action });
  }));
  send(ws, { type: 'start', table: seated.table, token: seated.token });
  const moves = await over;
  ws.terminate();
  return { code: seated.table, moves };
}

process.env.INBETWEEN_CACHE_DIR = 'off';  // every solve cold: no solved table read from disk
const { server, port } = await startServer(binary, ['--max-tables-per-address', String(tables + 200), '--bot-delay-ms', botDelay, '--max-tables', String(tables + 200),
  '--max-connections-per-address', String(tables * 4 + 10), '--messages-per-second', '100000', '--http-requests-per-second', '100000']);
const long = await longGame(port);
const busy = new BusyTables(port, tables);
await busy.seat();
busy.start();
await sleep(2000);
busy.period();
const rows = [];
const measure = async (kind) => {
  const moves = busy.moves;
  const began = performance.now();
  let flooder = null;
  let got = {};
  if (kind !== 'quiet') {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--flood', kind, '--port', String(port), '--code', long.code,
      '--seconds', String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    flooder = new Promise((r) => child.on('exit', () => r(out)));
  }
  await sleep(seconds * 1000);
  if (flooder) got = JSON.parse((await flooder).trim().split('\n').at(-1) || '{}');
  const elapsed = (performance.now() - began) / 1000;
  rows.push({ kind, ...busy.period(), elapsed, movesPerSecond: (busy.moves - moves) / elapsed, got });
};
for (const kind of arg('kinds', 'quiet,verify,replay,solve,quiet').split(',')) await measure(kind);
busy.running = false;
await stopServer(server);
// A row lasts `seconds`, or until the flood's last request is answered (a cold solve asked near
// the end runs on): `seconds` says how long its figures were gathered.
console.log(`${binary}: ${tables} busy tables (4 clients each), bot delay ${botDelay} ms; long game ${long.code} of ${long.moves} moves; ${seconds} s a row, or until the flood's last answer`);
console.log('flood    seconds  people acted  p50 ms  p99 ms  max ms  moves/s  flood got');
for (const r of rows)
  console.log(`${r.kind.padEnd(8)} ${r.elapsed.toFixed(1).padStart(7)} ${String(r.n).padStart(13)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${r.max.toFixed(0).padStart(7)} ${r.movesPerSecond.toFixed(0).padStart(8)}  ${JSON.stringify(r.got)}`);
process.exit(0);
