// `inbetween serve` under attack (issue 10 item 7; a benchmark, not a test; 127.0.0.1 only,
// every loop bounded in count and time). Busy tables play while, from other loopback addresses
// (the server counts connections per address, and 127.x.y.z all reach this machine):
//   idle      thousands of WebSocket connections that say nothing (their client answers pings)
//   crowd     one address asking for 100 connections: the per-address limit holds it to its 64
//   slowloris raw TCP clients sending an HTTP request a byte a second, never finishing it
//   dribble   WebSocket clients sending one frame a byte a second
//   oversize  clients sending a 1 MB frame (over the 64 KiB limit), one after another
//   malformed binary frames, text that is not JSON or not UTF-8, deep nesting, unmasked frames,
//             unknown opcodes: each on a fresh connection, one after another
//   flood     clients watching the busy tables and sending chat and forged acts without pause
//   deaf      clients asking for big replies at their allowed rate and never reading them
// It reports, before and during the attack, the people's action-to-broadcast p50/p99 at the
// busy tables and the moves per second; the server's resident memory; what each attack got; and,
// after it, whether a new client can still create a table and be seated.
//   node bench/serve_attack.mjs [--tables 50] [--seconds 60] [--idle 2000] [--flood-rate 1000] [--binary build/inbetween]
import net from 'node:net';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { arg, here, startServer, stopServer, residentMB, cpuSeconds, connect, send, next, BusyTables, WebSocket } from './serve_tables.mjs';

const tables = Number(arg('tables', 50));
const seconds = Number(arg('seconds', 60));
const idleCount = Number(arg('idle', 2000));
const floodRate = Number(arg('flood-rate', 1000)); // messages a second each of the 20 flooders tries to send
const binary = arg('binary', join(here, '../build/inbetween'));
const quiet = 20; // seconds measured before the attack
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const addr = (block, i) => `127.0.${block}.${1 + (i % 250)}`;
const stopAt = Date.now() + seconds * 1000;
const attacking = () => Date.now() < stopAt;
const report = {};
// The attackers run in a process of their own (this file with --attacker-port), so that their
// work does not delay the busy tables' clients, whose timings are the server's.
const attackerPort = arg('attacker-port');
const port = Number(attackerPort ?? 0);
const codes = (arg('codes', '') ?? '').split(',');

// A raw TCP client that completes the WebSocket handshake; resolves to the socket or null.
function rawWebSocket(localAddress) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    socket.on('error', () => resolve(null));
    socket.on('close', () => resolve(null));
    socket.once('connect', () => socket.write('GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n'));
    socket.once('data', (d) => resolve(d.toString().startsWith('HTTP/1.1 101') ? socket : null));
  });
}
// A client frame: FIN + opcode, masked (unless told not to), payload under 64 KiB.
function frame(opcode, payload, masked = true) {
  const body = Buffer.from(payload);
  const head = body.length < 126 ? Buffer.from([0x80 | opcode, (masked ? 0x80 : 0) | body.length])
    : Buffer.from([0x80 | opcode, (masked ? 0x80 : 0) | 126, body.length >> 8, body.length & 0xff]);
  if (!masked) return Buffer.concat([head, body]);
  const mask = Buffer.from([1, 2, 3, 4]);
  return Buffer.concat([head, mask, body.map((b, i) => b ^ mask[i % 4])]);
}
const closed = (socket) => new Promise((r) => { if (socket.destroyed) r(); else socket.on('close', r); });

async function idle() {
  const held = [];
  for (let i = 0; i < idleCount && attacking(); i++) {
    const ws = await connect(port, addr(10 + Math.floor(i / 12000), Math.floor(i / 48))); // 48 an address
    if (ws) { ws.on('close', () => { ws.gone = true; }); held.push(ws); }
  }
  while (attacking()) await sleep(200);
  report.idle = { asked: idleCount, opened: held.length, still_open_at_end: held.filter((w) => !w.gone).length };
  for (const ws of held) ws.terminate();
}

async function crowd() {
  const opened = (await Promise.all(Array.from({ length: 100 }, () => connect(port, '127.0.3.1')))).filter(Boolean);
  // The server accepts and then closes those over its limit: count those still open a moment later.
  await sleep(1000);
  report.crowd = { asked: 100, held: opened.filter((w) => w.readyState === WebSocket.OPEN).length, limit: 64 };
  while (attacking()) await sleep(200);
  for (const ws of opened) ws.terminate();
}

async function slowloris(count) {
  const request = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\nX-Padding: ' + 'x'.repeat(200);
  const results = await Promise.all(Array.from({ length: count }, async (_, i) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: addr(4, i) });
    socket.on('error', () => {});
    const began = Date.now();
    let sent = 0;
    const drip = setInterval(() => { if (sent < request.length && !socket.destroyed) socket.write(request[sent++]); }, 1000);
    await Promise.race([closed(socket), (async () => { while (attacking()) await sleep(200); })()]);
    clearInterval(drip);
    const cut = socket.destroyed ? (Date.now() - began) / 1000 : null;
    socket.destroy();
    return cut;
  }));
  const cut = results.filter((s) => s !== null);
  report.slowloris = { clients: count, cut_by_server: cut.length, after_seconds: cut.length ? `${Math.min(...cut).toFixed(0)}-${Math.max(...cut).toFixed(0)}` : '-' };
}

async function dribble(count) {
  const results = await Promise.all(Array.from({ length: count }, async (_, i) => {
    const socket = await rawWebSocket(addr(5, i));
    if (!socket) return 'refused';
    const bytes = frame(1, JSON.stringify({ type: 'chat', table: codes[0], text: 'slow '.repeat(20) }));
    let sent = 0;
    const drip = setInterval(() => { if (sent < bytes.length && !socket.destroyed) socket.write(bytes.subarray(sent, ++sent)); }, 1000);
    await Promise.race([closed(socket), (async () => { while (attacking()) await sleep(200); })()]);
    clearInterval(drip);
    const state = socket.destroyed ? 'closed' : 'held';
    socket.destroy();
    return state;
  }));
  report.dribble = { clients: count, held_at_end: results.filter((r) => r === 'held').length, closed: results.filter((r) => r === 'closed').length };
}

async function oversize(limit) {
  let tries = 0;
  const codes = {};
  while (tries < limit && attacking()) {
    tries++;
    const ws = await connect(port, addr(6, tries));
    if (!ws) { codes.refused = (codes.refused ?? 0) + 1; continue; }
    const code = await new Promise((resolve) => {
      ws.on('close', (c) => resolve(c));
      ws.send('x'.repeat(1 << 20));
    });
    codes[code] = (codes[code] ?? 0) + 1;
  }
  report.oversize = { frames_of_1MB: tries, close_codes: codes };
}

async function malformed(limit) {
  const table = codes[0];
  const kinds = [
    ['binary frame', (s) => s.write(frame(2, '{"type":"tables"}'))],
    ['not JSON', (s) => s.write(frame(1, 'not json {'))],
    ['a JSON array', (s) => s.write(frame(1, '[1,2,3]'))],
    ['nesting 30000 deep', (s) => s.write(frame(1, '['.repeat(30000) + ']'.repeat(30000)))],
    ['an act with an array action', (s) => s.write(frame(1, JSON.stringify({ type: 'act', table, token: 'f'.repeat(32), action: [[[]]] })))],
    ['invalid UTF-8 text', (s) => s.write(frame(1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])))],
    ['an unmasked frame', (s) => s.write(frame(1, '{"type":"tables"}', false))],
    ['opcode 3 (reserved)', (s) => s.write(frame(3, 'x'))],
    ['a frame cut short', (s) => s.end(frame(1, '{"type":"tables"}').subarray(0, 5))],
  ];
  const outcome = {};
  let tries = 0;
  while (tries < limit && attacking()) {
    const [name, write] = kinds[tries % kinds.length];
    const socket = await rawWebSocket(addr(7, tries++));
    if (!socket) continue;
    const got = await new Promise((resolve) => {
      let answer = 'nothing within 2 s';
      socket.on('data', (d) => {
        const op = d[0] & 0x0f;
        answer = op === 1 ? (/"code":"([a-z_]+)"/.exec(d.toString())?.[1] ?? 'a reply') : op === 8 ? `close ${d.length >= 4 ? d.readUInt16BE(2) : ''}`.trim() : `opcode ${op}`;
        if (op === 1 || op === 8) resolve(answer);
      });
      socket.on('close', () => resolve(answer === 'nothing within 2 s' ? 'closed' : answer));
      setTimeout(() => resolve(answer), 2000);
      write(socket);
    });
    socket.destroy();
    (outcome[name] ??= {})[got] = (outcome[name][got] ?? 0) + 1;
  }
  report.malformed = { connections: tries, outcome };
}

async function flood(count) {
  const counts = { sent: 0, connections: 0, chat_echoed: 0, dropped_by_server: 0 };
  const errors = {};
  await Promise.all(Array.from({ length: count }, async (_, i) => {
    const table = codes[i % codes.length];
    // A flooder let go comes back at once, on a new connection, for as long as the attack lasts.
    while (attacking()) {
      const ws = await connect(port, addr(8, i));
      if (!ws) { await sleep(100); continue; }
      counts.connections++;
      send(ws, { type: 'watch', table });
      ws.on('message', (d) => {
        const m = JSON.parse(d);
        if (m.type === 'chat' && m.from === 'watcher') counts.chat_echoed++;
        if (m.type === 'error') errors[m.code] = (errors[m.code] ?? 0) + 1;
      });
      let open = true;
      ws.on('close', () => { open = false; });
      // A burst every 10 ms: floodRate messages a second a client.
      while (open && attacking()) {
        for (let k = 0; k < floodRate / 100 && ws.readyState === WebSocket.OPEN; k++, counts.sent++)
          send(ws, k % 2 ? { type: 'chat', table, text: `spam ${counts.sent}` } : { type: 'act', table, token: 'f'.repeat(32), action: { type: 'pass' } });
        await sleep(10);
      }
      if (!open) counts.dropped_by_server++;
      ws.terminate();
    }
  }));
  report.flood = { clients: count, ...counts, errors };
}

async function deaf(count) {
  let dropped = 0;
  let sent = 0;
  await Promise.all(Array.from({ length: count }, async (_, i) => {
    const ws = await connect(port, addr(9, i));
    if (!ws) return;
    let open = true;
    ws.on('close', () => { open = false; dropped++; });
    ws._socket.pause(); // never reads again
    while (open && attacking()) {
      // Within the allowed rate (20 a second), each asking for every open table.
      send(ws, { type: 'tables' });
      sent++;
      await sleep(55);
    }
    ws.terminate();
  }));
  report.deaf = { clients: count, requests: sent, dropped_by_server: dropped };
}


if (attackerPort) {
  await Promise.all([idle(), crowd(), slowloris(100), dribble(50), oversize(200), malformed(450), flood(20), deaf(10)]);
  process.stdout.write(JSON.stringify(report));
  process.exit(0);
}

const deadline = Date.now() + (quiet + seconds + 120) * 1000;
setTimeout(() => { console.error('serve_attack: over its time bound'); process.exit(1); }, deadline - Date.now()).unref();
// The server with its defaults (64 connections an address, 20 messages a second), room for the tables.
const { server, port: serverPort } = await startServer(binary, ['--max-tables-per-address', String(tables + 50), '--max-tables', String(tables + 50)]);
const memory = [];
const sampler = setInterval(() => memory.push(residentMB(server.pid)), 500);

// Busy tables: one address per table (4 clients), in 127.0.2.x.
const busy = new BusyTables(serverPort, tables, (t) => addr(2, t));
await busy.seat();
busy.start();
// How late this process's own event loop runs: a part of every timing above that is the
// client's, not the server's.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
await sleep(quiet * 1000);
const before = { ...busy.period(), moves: busy.moves, loop: loopDelay.percentile(99) / 1e6 };
loopDelay.reset();
busy.moves = 0;
const memoryBefore = Math.max(...memory);
const cpuBefore = cpuSeconds(server.pid);
const attackStart = performance.now();
const attacker = spawn(process.execPath, [fileURLToPath(import.meta.url), '--attacker-port', String(serverPort), '--codes', busy.codes.join(','),
  '--seconds', String(seconds), '--idle', String(idleCount), '--flood-rate', String(floodRate)], { stdio: ['ignore', 'pipe', 'inherit'] });
let attackOutput = '';
attacker.stdout.on('data', (d) => { attackOutput += d; });
await new Promise((r) => attacker.on('exit', r));
Object.assign(report, JSON.parse(attackOutput));
const during = { ...busy.period(), moves: busy.moves, loop: loopDelay.percentile(99) / 1e6 };
const attackSeconds = (performance.now() - attackStart) / 1000;
const memoryDuring = Math.max(...memory);
const cpuDuring = cpuSeconds(server.pid) - cpuBefore;

// After the attack: a newcomer creates a table and is seated.
const newcomer = await connect(serverPort, '127.0.1.1');
let after = 'no connection';
if (newcomer) {
  send(newcomer, { type: 'create', name: 'Zoe', rules: 'hoyle', seats: 2 });
  const seated = await Promise.race([next(newcomer, 'seated'), sleep(5000).then(() => ({ type: 'timeout' }))]);
  after = seated.type === 'seated' ? `seated at ${seated.table}` : `no seat (${seated.type})`;
  newcomer.terminate();
}
busy.running = false;
clearInterval(sampler);
const memoryEnd = residentMB(server.pid);
await stopServer(server);

const ms = (x) => `${x.toFixed(1)} ms`;
console.log(`busy tables ${tables} (${tables * 4} clients); quiet ${quiet} s, then attacked for ${attackSeconds.toFixed(1)} s`);
console.log(`before: actions ${before.n}, p50 ${ms(before.p50)}, p99 ${ms(before.p99)}, max ${ms(before.max)}, moves/s ${(before.moves / quiet).toFixed(0)}; the client's event loop late by ${ms(before.loop)} at p99`);
console.log(`during: actions ${during.n}, p50 ${ms(during.p50)}, p99 ${ms(during.p99)}, max ${ms(during.max)}, moves/s ${(during.moves / attackSeconds).toFixed(0)}; the client's event loop late by ${ms(during.loop)} at p99`);
console.log(`server memory (RSS): ${memoryBefore.toFixed(1)} MB before, ${memoryDuring.toFixed(1)} MB at most during, ${memoryEnd.toFixed(1)} MB after`);
console.log(`server CPU during the attack: ${cpuDuring.toFixed(1)} s in ${attackSeconds.toFixed(1)} s (${(100 * cpuDuring / attackSeconds).toFixed(0)}% of a core)`);
console.log(`after the attack: a new client ${after}`);
for (const [name, figures] of Object.entries(report)) console.log(`${name}: ${JSON.stringify(figures)}`);
process.exit(0);
