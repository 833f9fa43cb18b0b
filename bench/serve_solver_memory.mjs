// The ThreeBeTween solver's tables in `inbetween serve` (issue 49, finding 2; a benchmark, not a
// test): one ThreeBeTween table after another, each with rules whose solved table differs (spaces,
// replacement, wild pairs), each asked for a hint (which solves it) and then left; the server's
// anonymous memory after each, and once everyone has gone. The solver's disk cache is off
// (INBETWEEN_CACHE_DIR=off), so every table is solved in the server's own memory.
//   node bench/serve_solver_memory.mjs [--binary build/inbetween] [--cache-mb 512] [--solver-mb 256]
import { join } from 'node:path';
import { arg, here, startServer, stopServer, anonymousMB, connect, send, next } from './serve_tables.mjs';

const binary = arg('binary', join(here, '../build/inbetween'));
const options = ['--solver-mb', arg('solver-mb', '256')];
if (arg('cache-mb')) options.push('--solver-cache-mb', arg('cache-mb'));
process.env.INBETWEEN_CACHE_DIR = 'off';
const variants = [];
for (const spaces of ['4', '3'])
  for (const replacement of ['true', 'false'])
    for (const wild of ['true', 'false']) variants.push({ spaces, replacement, wild_pair_busts: wild });
const { server, port } = await startServer(binary, options);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
console.log(`start: ${anonymousMB(server.pid).toFixed(1)} MB anonymous`);
for (const set of variants.slice(0, Number(arg('variants', 6)))) {
  const ws = await connect(port);
  send(ws, { type: 'create', name: 'Ann', rules: 'threebetween', seats: 2, set, timeout: 3600 });
  const seated = await next(ws, 'seated');
  send(ws, { type: 'bot', table: seated.table, token: seated.token, kind: 'random' });
  await next(ws, 'table');
  send(ws, { type: 'start', table: seated.table, token: seated.token });
  // The hint, once it is Ann's turn (she may be second: her table message says so).
  for (;;) {
    const t = await next(ws, 'table');
    if (t.to_act === 'Ann') break;
  }
  const started = Date.now();
  send(ws, { type: 'hint', table: seated.table, token: seated.token });
  const answer = await Promise.race([next(ws, 'hint'), next(ws, 'error')]);
  console.log(`${JSON.stringify(set)}: ${answer.type === 'hint' ? 'hint' : answer.code} in ${((Date.now() - started) / 1000).toFixed(1)} s; ${anonymousMB(server.pid).toFixed(1)} MB anonymous`);
  ws.close();
}
await sleep(Number(arg('wait-s', 40)) * 1000);
console.log(`everyone gone ${arg('wait-s', 40)} s: ${anonymousMB(server.pid).toFixed(1)} MB anonymous`);
await stopServer(server);
