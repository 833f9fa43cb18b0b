// Load on `inbetween serve` (a benchmark, not a test): T tables on 127.0.0.1, each with two people
// who act the moment it is their turn, two bots and two spectators (4 WebSocket clients a table),
// for D seconds. Reports moves per second and, for every person's action, the time from sending
// it to the broadcast that shows it (50th / 99th percentile), as seen by the acting client.
//   node bench/serve_load.mjs [--tables 200] [--seconds 20] [--bot-delay-ms 700] [--binary build/inbetween]
//     [--procs 2] [--server-args "--threads 1"] [--taskset 0] [--settle 3] [--warmup 3] [--spread-ms 1000] [--db postgresql://... --nodes N]
// --bot-delay-ms is the server's pause before a bot moves (its default, 700, is what people see;
// 0 makes every table play as fast as the server can).
// --procs: the clients run in that many Node processes (serve_load_worker.mjs), the tables split
// among them, so one client event loop is not the bottleneck; each reports its own loop lag.
// --server-args: more words for `inbetween serve`; --taskset CPULIST pins the server (not the
// clients) to those cores (with --nodes, lists split by '/' pin each node to its own).
// --warmup W: seconds played before the measured period (the tables' first moves come together:
// a burst, not the steady load; 0 measures from the start). --spread-ms: the tables' starts are
// spread evenly over that long (0: all at one instant, and tables whose bots are paced alike then
// move in waves). --settle S: seconds the server's idle and after-load figures are taken over.
// The server's CPU (% of one core) and resident memory are reported idle before any table is
// seated, under load (memory: the peak, sampled every 500 ms; CPU also the kernel's share of it,
// its system time: the system calls) and S seconds after every client has closed its sockets.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { arg, here, startServer, stopServer, residentMB, anonymousMB, cpuSeconds, systemSeconds, percentile } from './serve_tables.mjs';

const tables = Number(arg('tables', 200));
const seconds = Number(arg('seconds', 20));
const binary = arg('binary', join(here, '../build/inbetween'));
const botDelay = arg('bot-delay-ms', '700');
const procs = Math.max(1, Math.min(Number(arg('procs', 2)), tables));
const serverArgs = arg('server-args', '').split(/\s+/).filter(Boolean);
const pin = arg('taskset');
const pins = (pin ?? '').split('/'); // with --nodes: 0-1/2-3/4-5 puts each node on cores of its own
const settle = Number(arg('settle', 3));
const warmup = Number(arg('warmup', 3));
const spreadMs = Number(arg('spread-ms', 1000));
const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));
// --db URI --nodes N: N servers on one PostgreSQL database (docs/scale-out.md), the client processes
// spread over them (each process's tables on one node); the figures add up every node's.
const db = arg('db');
const nodeCount = db ? Math.max(1, Number(arg('nodes', 1))) : 1;

const servers = [];
for (let n = 0; n < nodeCount; ++n) {
  servers.push(await startServer(binary, ['--max-tables-per-address', String(tables + 10), '--bot-delay-ms', botDelay, '--max-tables', String(tables + 10),
    '--max-connections-per-address', String(tables * 4 + 10), '--max-connections', String(tables * 4 + 100),
    '--messages-per-second', '100000', '--http-requests-per-second', '100000',
    ...(db ? ['--node', `n${n + 1}`] : []), ...serverArgs], pins[n % pins.length] ? ['taskset', '-c', pins[n % pins.length]] : [], db));
}
process.on('exit', () => servers.forEach((s) => s.server.kill('SIGTERM'))); // not left running if a client process fails
const pids = servers.map((s) => s.server.pid);
const residentAll = () => pids.reduce((sum, p) => sum + residentMB(p), 0);
const cpuAll = () => pids.reduce((sum, p) => sum + cpuSeconds(p), 0);
const systemAll = () => pids.reduce((sum, p) => sum + systemSeconds(p), 0);

// The servers' CPU use over a period, as % of one core (ticks of 1/100 s: coarse over short periods);
// `of` = systemAll gives the kernel's part of it.
const cpuMeter = (of = cpuAll) => {
  const [cpu, at] = [of(), performance.now()];
  return () => (100 * (of() - cpu)) / ((performance.now() - at) / 1000);
};
const anonymousAll = () => pids.reduce((sum, p) => sum + anonymousMB(p), 0);
const quiet = async () => { const cpu = cpuMeter(); await sleep(settle); return { cpu: cpu(), mb: residentAll(), anon: anonymousAll() }; };

const idle = await quiet();

// The first message of `type` from a child; a child that ends first fails the run.
const reply = (child, type) => new Promise((resolve, reject) => {
  const on = (m) => { if (m.type === type) { child.off('message', on); resolve(m); } };
  child.on('message', on);
  child.on('exit', (code) => reject(new Error(`client process ended (${code}) before '${type}'`)));
});
const children = Array.from({ length: procs }, () => fork(join(here, 'serve_load_worker.mjs'), [], { serialization: 'advanced' }));
const seated = children.map((c) => reply(c, 'seated'));
children.forEach((c, i) => c.send({ type: 'seat', port: servers[i % nodeCount].port, tables: Math.floor(tables / procs) + (i < tables % procs ? 1 : 0) }));
await Promise.all(seated);

let peakMB = residentAll();
const sampler = setInterval(() => { peakMB = Math.max(peakMB, residentAll()); }, 500);
for (const c of children) c.send({ type: 'start', spreadMs });
await sleep(warmup);
for (const c of children) c.send({ type: 'measure' });
const load = cpuMeter();
const loadSystem = cpuMeter(systemAll);
const began = performance.now();
await sleep(seconds);
const results = children.map((c) => reply(c, 'result'));
for (const c of children) c.send({ type: 'stop' });
const elapsed = (performance.now() - began) / 1000;
const loadCpu = load();
const loadSystemCpu = loadSystem();
clearInterval(sampler);
peakMB = Math.max(peakMB, residentAll());
const each = await Promise.all(results);

// Every client closes its sockets and its process ends; then the server is left alone for S seconds.
const ended = children.map((c) => new Promise((r) => c.on('exit', r)));
for (const c of children) c.send({ type: 'close' });
await Promise.all(ended);
const after = await quiet();
for (const s of servers) await stopServer(s.server);

const sorted = Float64Array.from(each.flatMap((r) => Array.from(r.latencies))).sort();
const [n, p50, p99, max] = [sorted.length, percentile(sorted, 50), percentile(sorted, 99), sorted.at(-1) ?? NaN];
const moves = each.reduce((s, r) => s + r.moves, 0);
const games = each.reduce((s, r) => s + r.games, 0);
const ms = (x) => x.toFixed(1);
console.log(`tables ${tables}, clients ${tables * 4}, bot delay ${botDelay} ms, ${elapsed.toFixed(1)} s measured after ${warmup} s of warm-up (starts spread over ${spreadMs} ms), games finished ${games}`);
console.log(`moves (people and bots) ${moves}: ${(moves / elapsed).toFixed(0)} per second`);
console.log(`people's actions timed ${n}: action to broadcast p50 ${ms(p50)} ms, p99 ${ms(p99)} ms, max ${ms(max)} ms`);
console.log(`client processes ${procs}: event loop lag p99 worst ${ms(Math.max(...each.map((r) => r.lag.p99)))} ms; each p50/p99/max ` +
  each.map((r) => `${ms(r.lag.p50)}/${ms(r.lag.p99)}/${ms(r.lag.max)} ms, CPU ${((100 * r.cpuSeconds) / elapsed).toFixed(0)}%`).join('; '));
console.log(`server${nodeCount > 1 ? `s (${nodeCount} nodes on ${db}, figures summed)` : ''} ${[...(pin ? ['taskset -c', pin] : []), 'serve', ...serverArgs].join(' ')}: idle (${settle} s before any table) CPU ${idle.cpu.toFixed(1)}% of a core, resident ${ms(idle.mb)} MB (anonymous ${ms(idle.anon)} MB)`);
console.log(`server under load: CPU ${loadCpu.toFixed(0)}% of a core (the kernel ${(100 * loadSystemCpu / loadCpu).toFixed(0)}% of it), resident peak ${ms(peakMB)} MB (sampled every 500 ms)`);
console.log(`server ${settle} s after every client closed: CPU ${after.cpu.toFixed(1)}% of a core, resident ${ms(after.mb)} MB (anonymous ${ms(after.anon)} MB)`);
process.exit(0);
