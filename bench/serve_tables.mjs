// What the serve benchmarks share: starting `inbetween serve` on a fresh database, WebSocket
// clients, and busy tables whose people act the moment it is their turn while their action's
// round trip is timed (serve_load.mjs, serve_attack.mjs).
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = dirname(fileURLToPath(import.meta.url));
export const WebSocket = createRequire(join(here, '../web/package.json'))('ws');

export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

// Starts the server with `options` (command-line words) on a new database (or on `store`: a
// PostgreSQL URI several servers share); resolves to
// { server, port } once it listens. `launcher` goes before the binary (e.g. ['taskset', '-c', '0']:
// it execs the binary in its own process, so server.pid is still the server's for /proc).
export async function startServer(binary, options, launcher = [], store = undefined) {
  const db = store ?? join(mkdtempSync(join(tmpdir(), 'inbetween-bench-')), 'bench.db');
  const [command, ...words] = [...launcher, binary, 'serve', '--port', '0', '--db', db, ...options];
  const server = spawn(command, words,
    { env: { ...process.env, INBETWEEN_DATA: join(here, '..') }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => { const m = /127\.0\.0\.1:(\d+)\//.exec(d.toString()); if (m) resolve(Number(m[1])); });
    server.on('exit', () => reject(new Error('serve ended')));
  });
  return { server, port };
}

export async function stopServer(server) {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
}

// The server's resident memory in MB, from /proc.
export function residentMB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

// The part of it that is the server's own data (RssAnon), not the program's code and libraries
// read in from their files (which the first tables page in, and stay).
export function anonymousMB(pid) {
  const m = /RssAnon:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

// The CPU seconds the process has used (user + system), from /proc (ticks of 1/100 s).
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// Of those, the seconds spent in the kernel on the process's behalf (its system calls).
export function systemSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[12]) / 100;
}

// A WebSocket client from `localAddress` (any 127.x.y.z: the server counts connections per
// address); resolves once open, or to null if the server turned it away.
export function connect(port, localAddress = '127.0.0.1') {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { localAddress });
    ws.on('open', () => resolve(ws));
    ws.on('error', () => resolve(null));
    ws.on('unexpected-response', () => resolve(null));
  });
}
export const send = (ws, m) => ws.send(JSON.stringify(m));
export const next = (ws, type) => new Promise((resolve) => {
  const on = (d) => { const m = JSON.parse(d); if (m.type === type || m.type === 'error') { ws.off('message', on); resolve(m); } };
  ws.on('message', on);
});

export function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

const presets = ['hoyle', 'red-dog', 'threebetween', 'banker'];

// `count` tables, each with two people who act on their turn with their first legal choice,
// two sensible bots and two spectators (4 WebSocket clients a table, from addressOf(t)).
// `latencies` gets, for every person's action, the time from sending it to the broadcast that
// shows it; `moves` counts every move while `running`.
export class BusyTables {
  constructor(port, count, addressOf = () => '127.0.0.1') {
    Object.assign(this, { port, count, addressOf, latencies: [], moves: 0, games: 0, running: false, codes: [], starts: [], sockets: [] });
  }

  person(ws, table, token, name) {
    let pending = null; // [moves when sent, time sent]
    ws.on('message', (d) => {
      const m = JSON.parse(d);
      if (m.type !== 'table') return;
      if (pending && m.moves > pending[0]) {
        if (this.running) this.latencies.push(performance.now() - pending[1]);
        pending = null;
      }
      if (!this.running) return;
      if (m.status === 'over') {
        if (m.you === 0) { this.games++; send(ws, { type: 'again', table, token }); }
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

  async seat() {
    for (let t = 0; t < this.count; t++) {
      const from = this.addressOf(t);
      const host = await connect(this.port, from);
      send(host, { type: 'create', name: 'Ann', rules: presets[t % presets.length], seats: 4, set: {} });
      const seated = await next(host, 'seated');
      const guest = await connect(this.port, from);
      send(guest, { type: 'join', table: seated.table, name: 'Bob' });
      const bob = await next(guest, 'seated');
      const watchers = [await connect(this.port, from), await connect(this.port, from)];
      for (const w of watchers) send(w, { type: 'watch', table: seated.table });
      this.sockets.push(host, guest, ...watchers);
      // The first spectator counts the table's moves (each game's `moves` starts again at 0).
      let seen = { game: 0, moves: 0 };
      watchers[0].on('message', (d) => {
        const m = JSON.parse(d);
        if (m.type !== 'table') return;
        if (m.game !== seen.game) seen = { game: m.game, moves: 0 };
        if (this.running) this.moves += Math.max(0, m.moves - seen.moves);
        seen.moves = m.moves;
      });
      send(host, { type: 'bot', table: seated.table, token: seated.token, kind: 'sensible' });
      send(host, { type: 'bot', table: seated.table, token: seated.token, kind: 'sensible' });
      this.person(host, seated.table, seated.token, 'Ann');
      this.person(guest, seated.table, bob.token, 'Bob');
      this.codes.push(seated.table);
      this.starts.push(() => send(host, { type: 'start', table: seated.table, token: seated.token }));
    }
  }

  // Starts every table: at once, or spread evenly over `spreadMs` (tables opened at one instant
  // with bots paced alike move in waves, every table in the same few milliseconds).
  start(spreadMs = 0) {
    this.running = true;
    this.starts.forEach((start, i) => (spreadMs > 0 ? setTimeout(start, (i * spreadMs) / this.starts.length) : start()));
  }

  // Closes every client with a close handshake (terminated where the server has not answered in
  // 5 s), so the server sees its clients leave as browsers do.
  close() {
    return Promise.all(this.sockets.map((ws) => new Promise((resolve) => {
      if (ws.readyState === WebSocket.CLOSED) return resolve();
      const timer = setTimeout(() => ws.terminate(), 5000);
      ws.on('close', () => { clearTimeout(timer); resolve(); });
      ws.close();
    })));
  }

  // Latency figures since the last call (ms), and starts a new period.
  period() {
    const sorted = this.latencies.sort((a, b) => a - b);
    this.latencies = [];
    return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
  }
}
