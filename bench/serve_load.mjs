// Load on `inbetween serve` (a benchmark, not a test): T tables on 127.0.0.1, each with two people
// who act the moment it is their turn, two bots and two spectators (4 WebSocket clients a table),
// for D seconds. Reports moves per second and, for every person's action, the time from sending
// it to the broadcast that shows it (50th / 99th percentile), as seen by the acting client.
//   node bench/serve_load.mjs [--tables 200] [--seconds 20] [--bot-delay-ms 700] [--binary build/inbetween]
// --bot-delay-ms is the server's pause before a bot moves (its default, 700, is what people see;
// 0 makes every table play as fast as the server can).
import { join } from 'node:path';
import { arg, here, startServer, stopServer, BusyTables } from './serve_tables.mjs';

const tables = Number(arg('tables', 200));
const seconds = Number(arg('seconds', 20));
const binary = arg('binary', join(here, '../build/inbetween'));
const botDelay = arg('bot-delay-ms', '700');

const { server, port } = await startServer(binary, ['--max-tables-per-address', String(tables + 10), '--bot-delay-ms', botDelay, '--max-tables', String(tables + 10),
  '--max-connections-per-address', String(tables * 4 + 10), '--messages-per-second', '100000']);
const busy = new BusyTables(port, tables);
await busy.seat();
const began = performance.now();
busy.start();
await new Promise((r) => setTimeout(r, seconds * 1000));
busy.running = false;
const elapsed = (performance.now() - began) / 1000;
await stopServer(server);
const { n, p50, p99, max } = busy.period();
console.log(`tables ${tables}, clients ${tables * 4}, bot delay ${botDelay} ms, ${elapsed.toFixed(1)} s, games finished ${busy.games}`);
console.log(`moves (people and bots) ${busy.moves}: ${(busy.moves / elapsed).toFixed(0)} per second`);
console.log(`people's actions timed ${n}: action to broadcast p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
process.exit(0);
