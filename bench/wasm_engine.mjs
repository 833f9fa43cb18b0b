// The engine as WebAssembly under Node against the native `inbetween engine` (issue 50; a
// benchmark, not a test): the same request lines (a `new` and bots' moves, game after game) through
// both, in one run; moves a second each and their ratio. The module answers through cwrap (the
// request and reply text copied across, as the page's worker does); the native figure includes
// its pipe and, in its first ratio, the process's start, which the second takes off (the median
// time of `inbetween engine` with no input). Each side runs --rounds times, alternately, and its
// median counts: the machine is shared. The module's first round is shown too (V8 runs a function
// in its baseline code, Liftoff, until it has run a while).
//   node bench/wasm_engine.mjs [--binary build/inbetween] [--wasm build-wasm/inbetween-engine.js] [--rules hoyle] [--games 300] [--bot sensible] [--rounds 3]
// With --solve instead: ThreeBeTween's cold solve (a `new` of Ann and bot2, seed 7, then `hint`),
// the module in a Node process of its own each round, as a page's worker starts (a module's
// solver kept in memory would answer a second hint at once, and V8 keeps the optimised code of
// a module it compiled before), the native in `inbetween engine` with INBETWEEN_CACHE_DIR=off;
// the median of --rounds (default 5) each.
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
const solve = process.argv.includes('--solve');
const rounds = Number(arg('rounds', solve ? 5 : 3));
const wasmBinary = readFileSync(js.replace(/\.js$/, '.wasm'));
const factory = createRequire(import.meta.url)(js);
const engine = await factory({ wasmBinary });
const handle = engine.cwrap('inbetween_handle', 'string', ['string']);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (solve) {
  const lines = [JSON.stringify({ cmd: 'new', rules: 'threebetween', players: ['Ann', 'bot2'], seed: 7 }), '{"cmd":"hint"}'];
  const wasmRuns = [], nativeRuns = [];
  for (let round = 0; round < rounds; round++) {
    const child = `const m = await require(${JSON.stringify(js)})({ wasmBinary: require('fs').readFileSync(${JSON.stringify(js.replace(/\.js$/, '.wasm'))}) });
      const handle = m.cwrap('inbetween_handle', 'string', ['string']);
      const t = process.hrtime.bigint();
      for (const line of ${JSON.stringify(lines)}) handle(line);
      console.log(Number(process.hrtime.bigint() - t) / 1e9);`;
    wasmRuns.push(Number(execFileSync(process.execPath, ['-e', `(async () => { ${child} })()`]).toString()));
    const t = process.hrtime.bigint();
    execFileSync(binary, ['engine'], { input: lines.join('\n') + '\n', env: { ...process.env, INBETWEEN_CACHE_DIR: 'off' } });
    nativeRuns.push(Number(process.hrtime.bigint() - t) / 1e9);
  }
  const ms = (xs) => `${Math.round(median(xs) * 1000)} ms (${Math.round(Math.min(...xs) * 1000)} to ${Math.round(Math.max(...xs) * 1000)})`;
  console.log(`ThreeBeTween cold solve (new, then hint), median of ${rounds} rounds: WebAssembly ${ms(wasmRuns)}, ` +
              `native ${ms(nativeRuns)} with its start: ${(median(nativeRuns) / median(wasmRuns) * 100).toFixed(0)}% of native`);
  process.exit(0);
}

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
const seconds = (run) => {
  const t = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - t) / 1e9;
};
const input = lines.join('\n') + '\n';
const wasmRuns = [], nativeRuns = [], startRuns = [];
for (let round = 0; round < rounds; round++) {
  wasmRuns.push(seconds(() => { for (const line of lines) handle(line); }));
  nativeRuns.push(seconds(() => execFileSync(binary, ['engine'], { input, maxBuffer: 1 << 30 })));
  startRuns.push(seconds(() => execFileSync(binary, ['engine'], { input: '' })));
}
const wasmSeconds = median(wasmRuns), nativeSeconds = median(nativeRuns), startSeconds = median(startRuns);
const rate = (s) => Math.round(moves / s);
const percent = (native) => `${(native / wasmSeconds * 100).toFixed(0)}%`;
console.log(`${rules}, ${games} games, ${moves} moves of ${bot} bots through the engine protocol, median of ${rounds} rounds: ` +
            `WebAssembly ${rate(wasmSeconds)} moves/s (first round ${rate(wasmRuns[0])}), native ${rate(nativeSeconds)} moves/s: ${percent(nativeSeconds)} of native; ` +
            `less the native start (${(startSeconds * 1000).toFixed(0)} ms), native ${rate(nativeSeconds - startSeconds)} moves/s: ` +
            `${percent(nativeSeconds - startSeconds)} of native`);
