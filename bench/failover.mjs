// Failover on several servers sharing one PostgreSQL (docs/scale-out.md; a benchmark, not a test):
// a throw-away PostgreSQL (tests/support/postgres.sh), two `inbetween serve` nodes; a person plays
// a hoyle table against a bot on node a, a is killed with -9, the page reconnects to b and resumes
// every 50 ms until b serves the table, then acts: failover = kill -9 to the broadcast of that
// move. Repeated --runs times (the killed node restarted each time); prints each and p50 / max.
//   node bench/failover.mjs [--binary build/inbetween] [--runs 10] [--lease-seconds 10]
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, here, WebSocket, percentile } from './serve_tables.mjs';

const binary = arg('binary', join(here, '../build/inbetween'));
const runs = Number(arg('runs', 10));
const lease = arg('lease-seconds', '10');
const state = mkdtempSync(join(tmpdir(), 'inbetween-failover-'));
const pg = join(here, '../tests/support/postgres.sh');
execFileSync(pg, ['start', state], { stdio: 'ignore' });
const uri = readFileSync(join(state, 'uri'), 'utf8').trim();
process.on('exit', () => execFileSync(pg, ['stop', state], { stdio: 'ignore' }));

function startNode(name) {
  const server = spawn(binary, ['serve', '--port', '0', '--db', uri, '--node', name, '--lease-seconds', lease, '--bot-delay-ms', '0'],
    { env: { ...process.env, INBETWEEN_DATA: join(here, '..') }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => { const m = /127\.0\.0\.1:(\d+)\//.exec(d.toString()); if (m) resolve({ server, port: Number(m[1]) }); });
    server.on('exit', () => reject(new Error('serve ended')));
  });
}

// A client that hands out the next message of a type (or an error).
function client(port) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const waiting = [];
    const inbox = [];
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString());
      const i = waiting.findIndex((w) => w.types.includes(m.type));
      if (i >= 0) waiting.splice(i, 1)[0].resolve(m); else inbox.push(m);
    });
    ws.on('close', () => { for (const w of waiting.splice(0)) w.resolve({ type: 'closed' }); });
    const next = (...types) => {
      const i = inbox.findIndex((m) => types.includes(m.type));
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]);
      return new Promise((r) => waiting.push({ types: [...types, 'error', 'closed'], resolve: r }));
    };
    ws.on('open', () => resolve({ ws, send: (m) => ws.send(JSON.stringify(m)), next, clear: () => inbox.splice(0) }));
  });
}
const choice = (legal) => {
  const c = legal.actions.find((a) => a.type !== 'rebuy');
  if (c.type === 'call') return { type: 'call', ace: c.ace[0] };
  return 'min' in c ? { type: c.type, amount: c.min } : c;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let nodes = [await startNode('a'), await startNode('b')];
const times = [];
for (let run = 0; run < runs; ++run) {
  const [a, b] = nodes;
  const ann = await client(a.port);
  ann.send({ type: 'create', name: 'Ann', seats: 2, rules: 'hoyle', set: { deals: '50' } });
  const seated = await ann.next('seated');
  const { table: code, token } = seated;
  ann.send({ type: 'bot', table: code, token, kind: 'sensible' });
  ann.send({ type: 'start', table: code, token });
  let t = await ann.next('table');
  while (t.status !== 'playing' || t.to_act !== 'Ann') t = await ann.next('table');
  await sleep(Math.random() * 3000);  // a moment within the renewal period
  const killed = performance.now();
  a.server.kill('SIGKILL');
  let again;
  for (;;) {
    again = await client(b.port);
    again.send({ type: 'resume', table: code, token });
    t = await again.next('table');
    if (t.type === 'table') break;
    again.ws.close();
    await sleep(50);
  }
  while (t.to_act !== 'Ann') t = await again.next('table');
  const moves = t.moves;
  again.send({ type: 'act', table: code, token, action: choice(t.legal) });
  while (t.type === 'table' && t.moves <= moves) t = await again.next('table');
  const ms = performance.now() - killed;
  times.push(ms);
  console.log(`run ${run + 1}: kill -9 to the next move served on the other node ${(ms / 1000).toFixed(2)} s`);
  again.ws.close();
  nodes = [b, await startNode(run % 2 ? 'b' : 'a')];  // the killed one back, to be the next survivor
}
const sorted = Float64Array.from(times).sort();
console.log(`failover over ${runs} runs, --lease-seconds ${lease}: p50 ${(percentile(sorted, 50) / 1000).toFixed(2)} s, ` +
  `max ${(sorted.at(-1) / 1000).toFixed(2)} s`);
for (const n of nodes) n.server.kill('SIGTERM');
process.exit(0);
