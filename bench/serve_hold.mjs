// What one hostile client can hold on `inbetween serve` (issue 49, findings 1, 6 and 7; a
// benchmark, not a test; 127.0.0.1 only, every loop bounded in count and time):
//   rebuy   the player to act at a banker table with a 3 s clock sends a rebuy every 2.5 s: how
//           long they hold the turn, and whether the clock's stand-in plays for them
//   fill    25 addresses x 20 tables fill --max-tables (500), their creators leave: how long until
//           a newcomer may create a table (polled every 10 s for up to --fill-minutes), before and
//           after a restart of the server on the same file
//   memory  a person acts as fast as the server answers at a long game (--moves): the server's
//           anonymous memory (RssAnon) per move; then /tables/CODE/log and /verify of the game, the
//           peak and what stays while the HTTP connection is kept open
//   node bench/serve_hold.mjs [--binary build/inbetween] [--only rebuy,fill,memory] [--moves 17500]
//                             [--fill-minutes 7] [--serve '--waiting-kept-minutes 5']
import http from 'node:http';
import { join } from 'node:path';
import { arg, here, startServer, stopServer, anonymousMB, connect, send } from './serve_tables.mjs';

const binary = arg('binary', join(here, '../build/inbetween'));
const only = (arg('only', 'rebuy,fill,memory') ?? '').split(',');
const extra = (arg('serve', '') ?? '').split(' ').filter(Boolean);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const report = {};

// The messages of one connection, in order, read one at a time.
function inbox(ws) {
  const queue = [];
  let wake = null;
  ws.on('message', (d) => { queue.push(JSON.parse(d)); if (wake) { wake(); wake = null; } });
  return async (match, ms = 20000) => {
    const until = Date.now() + ms;
    for (;;) {
      const i = queue.findIndex(match);
      if (i >= 0) return queue.splice(0, i + 1).at(-1);
      queue.length = 0;
      if (Date.now() > until) return null;
      await Promise.race([new Promise((r) => { wake = r; }), sleep(until - Date.now())]);
    }
  };
}

async function rebuy() {
  const { server, port } = await startServer(binary, ['--bot-delay-ms', '100', ...extra]);
  const ws = await connect(port);
  const read = inbox(ws);
  send(ws, { type: 'create', name: 'Ann', rules: 'banker', seats: 2, timeout: 3 });
  const seated = await read((m) => m.type === 'seated');
  const { table, token } = seated;
  send(ws, { type: 'bot', table, token, kind: 'sensible' });
  send(ws, { type: 'start', table, token });
  // Her turn: she rebuys every 2.5 s for up to 60 s, each time reading the clock the server shows.
  let turn = await read((m) => m.type === 'table' && m.to_act === 'Ann' && m.status === 'playing');
  const started = Date.now();
  const clocks = [];
  let rebuys = 0;
  let played = null;
  while (Date.now() - started < 60000 && !played) {
    const wait = await read((m) => m.type === 'table' && (m.events.some((e) => e.type === 'played_for') || m.moves > turn.moves), 2500);
    if (wait && wait.events.some((e) => e.type === 'played_for')) { played = wait; break; }
    send(ws, { type: 'act', table, token, action: { type: 'rebuy', amount: 1 } });
    rebuys++;
    const after = await read((m) => m.type === 'table' && m.moves > turn.moves);
    if (!after) break;
    if (after.events.some((e) => e.type === 'played_for')) { played = after; break; }
    clocks.push(after.turn_left_ms);
    turn = after;
  }
  report.rebuy = {
    rebuys, held_s: (Date.now() - started) / 1000, turn_left_ms_after_each: clocks,
    played_for_her: played ? played.events.find((e) => e.type === 'played_for') : null,
  };
  ws.close();
  await stopServer(server);
}

// A client from `address` creates a table and leaves; resolves to the reply's type and code.
async function createFrom(port, address, name = 'Ann') {
  const ws = await connect(port, address);
  if (!ws) return 'refused connection';
  const read = inbox(ws);
  send(ws, { type: 'create', name, rules: 'hoyle', seats: 2 });
  const m = await read((x) => x.type === 'seated' || x.type === 'error');
  ws.close();
  return m ? (m.type === 'error' ? m.code : m.type) : 'no answer';
}

async function fill() {
  const minutes = Number(arg('fill-minutes', 7));
  let { server, port } = await startServer(binary, extra);
  const db = server.spawnargs[server.spawnargs.indexOf('--db') + 1];
  let made = 0;
  for (let a = 0; a < 25; a++)
    for (let t = 0; t < 20; t++) made += (await createFrom(port, `127.0.9.${a + 1}`)) === 'seated';
  const first = await createFrom(port, '127.0.10.1', 'Newcomer');
  // Restarted on the same file: the tables still waiting are read back.
  await stopServer(server);
  ({ server, port } = await startServer(binary, extra, [], db));
  const started = Date.now();
  let answer = await createFrom(port, '127.0.10.2', 'Newcomer');
  const polls = [answer];
  while (answer !== 'seated' && Date.now() - started < minutes * 60000) {
    await sleep(10000);
    answer = await createFrom(port, '127.0.10.2', 'Newcomer');
    polls.push(answer);
  }
  report.fill = { tables_made: made, newcomer: first, after_restart: polls[0], seated_after_s: answer === 'seated' ? (Date.now() - started) / 1000 : null,
    polls: polls.length };
  await stopServer(server);
}

function get(agent, port, path) {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let bytes = 0;
      res.on('data', (d) => { bytes += d.length; });
      res.on('end', () => resolve({ status: res.statusCode, bytes }));
    }).on('error', reject);
  });
}

async function memory() {
  const target = Number(arg('moves', 17500));
  const { server, port } = await startServer(binary, ['--bot-delay-ms', '0', '--messages-per-second', '1000000', ...extra]);
  const ws = await connect(port);
  const read = inbox(ws);
  // Deals enough for `target` moves of hers and the bot's, the game then ends (for its log).
  send(ws, { type: 'create', name: 'Ann', rules: 'hoyle', seats: 2,
    set: { deals: String(Math.ceil(target * 0.62)), start_chips: '1000000' } });
  const { table, token } = await read((m) => m.type === 'seated');
  send(ws, { type: 'bot', table, token, kind: 'cautious' });
  send(ws, { type: 'start', table, token });
  const samples = [];
  let m = await read((x) => x.type === 'table' && x.status !== 'waiting');
  while (m && m.status === 'playing') {
    if (m.moves >= (samples.length + 1) * (target / 10)) samples.push([m.moves, anonymousMB(server.pid)]);
    if (m.to_act === 'Ann' && m.legal.actions.length) {
      const c = m.legal.actions.find((a) => a.type !== 'rebuy');
      send(ws, { type: 'act', table, token, action: c.min !== undefined ? { type: c.type, amount: c.min } : c.type === 'call' ? { type: 'call', ace: c.ace[0] } : c });
    }
    m = await read((x) => x.type === 'table');
  }
  samples.push([m.moves, anonymousMB(server.pid)]);
  // Per move over the second half: past the first moves' one-time costs (SQLite's page cache
  // filling up to its 2 MB, the allocator's first arenas).
  const [m0, a0] = samples[Math.floor(samples.length / 2)];
  const [m1, a1] = samples.at(-1);
  // The log and its check, on one kept-alive connection, the memory sampled every 10 ms.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const checks = {};
  for (const what of ['log', 'verify']) {
    const before = anonymousMB(server.pid);
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, anonymousMB(server.pid)); }, 10);
    const answer = await get(agent, port, `/tables/${table}/${what}`);
    clearInterval(sampler);
    await sleep(2000);
    checks[what] = { status: answer.status, bytes: answer.bytes, before_mb: before, peak_mb: peak, after_2s_mb: anonymousMB(server.pid) };
  }
  report.memory = { moves: m.moves, events: m.event_count, anon_mb: samples.map(([moves, mb]) => `${moves}: ${mb.toFixed(2)}`).join(', '),
    kb_per_move_second_half: ((a1 - a0) * 1024) / (m1 - m0), checks };
  agent.destroy();
  ws.close();
  await stopServer(server);
}

if (only.includes('rebuy')) await rebuy();
if (only.includes('memory')) await memory();
if (only.includes('fill')) await fill();
console.log(JSON.stringify(report, null, 1));
