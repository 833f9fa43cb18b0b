// The engine as WebAssembly under Node against the native `inbetween engine` (issue 50; a
// benchmark, not a test): the same request lines (a `new` and bots' moves, game after game) through
// both, in one run; moves a second each and their ratio. The native figure includes its pipe.
//   node bench/wasm_engine.mjs [--binary build/inbetween] [--wasm build-wasm/inbetween-engine.js] [--rules hoyle] [--games 300] [--bot sensible]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { arg, here } from './serve_tables.mjs';

const binary = arg('binary', join(here, '../build/inbetween'));
const js = resolve(arg('wasm', join(here, '../build-wasm/inbetween-engine.js')));
const rules = arg('rules', 'hoyle');
const games = Number(arg('games', 300));
const bot = arg('bot', 'sensible');
const engine = await createRequire(import.meta.url)(js)({ wasmBinary: readFileSync(js.replace(/\.js$/, '.wasm')) });
const handle = engine.cwrap('inbetween_handle', 'string', ['string']);

// The lines: each game played out in the module first, so that both run the same moves.
const lines = [];
let moves = 0;
for (let seed = 1; seed <= games; seed++) {
  const start = JSON.stringify({ cmd: 'new', rules, players: ['Ann', 'Bob', 'Cy'], seed });
  handle(start);
  lines.push(start);
  for (;;) {
    const act = JSON.stringify({ cmd: 'act', bot });
    const r = JSON.parse(handle(act));
    if (!r.ok) break;
    lines.push(act);
    moves++;
    if (r.state.over) break;
  }
}
let t = process.hrtime.bigint();
for (const line of lines) handle(line);
const wasmSeconds = Number(process.hrtime.bigint() - t) / 1e9;
t = process.hrtime.bigint();
execFileSync(binary, ['engine'], { input: lines.join('\n') + '\n', maxBuffer: 1 << 30 });
const nativeSeconds = Number(process.hrtime.bigint() - t) / 1e9;
const rate = (s) => Math.round(moves / s);
console.log(`${rules}, ${games} games, ${moves} moves of ${bot} bots through the engine protocol: WebAssembly ${rate(wasmSeconds)} moves/s, native ${rate(nativeSeconds)} moves/s: ${(nativeSeconds / wasmSeconds * 100).toFixed(0)}% of native`);
