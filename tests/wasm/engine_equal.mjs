// The engine in the page against the native one (issue 50): every preset, many seeds, random
// games and every bot kind, with a hint at every decision and the log at the end; each reply of
// the WebAssembly module (build-wasm/inbetween-engine.js, run under Node) must be the very line
// `inbetween engine` prints for the same request. Exit 1 on the first difference, naming it.
//
//   node tests/wasm/engine_equal.mjs NATIVE_BIN WASM_JS [SEEDS]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const [bin, js, seedsArg] = process.argv.slice(2);
if (!bin || !js) {
  console.error('usage: node tests/wasm/engine_equal.mjs NATIVE_BIN WASM_JS [SEEDS]');
  process.exit(2);
}
const seeds = Number(seedsArg ?? 6);
// A failure says what and where, and nothing of the module's own source.
function fail(why) {
  console.error(`engine_equal: ${why}`);
  process.exit(1);
}
const factory = createRequire(import.meta.url)(resolve(js));
const engine = await factory({ wasmBinary: readFileSync(js.replace(/\.js$/, '.wasm')) });
const handle = engine.cwrap('inbetween_handle', 'string', ['string']);

const presets = execFileSync(bin, ['rules', 'list']).toString().split('\n').map((l) => l.trim().split(/\s+/)[0]).filter(Boolean);
const kinds = ['random', 'cautious', 'sensible', 'optimal'];
let games = 0;
let lines = 0;
for (const rules of presets) {
  // Each game: a `new`, then moves until it is over (the bot kind of the game, or one of the
  // seat's legal choices picked by the seed), with a hint before each; the whole log after.
  for (let seed = 1; seed <= seeds; seed++) {
    const kind = kinds[(seed - 1) % kinds.length];
    const requests = [JSON.stringify({ cmd: 'new', rules, players: ['Ann', 'Bob', 'Cy'], seed })];
    const replies = [handle(requests[0])];
    if (!JSON.parse(replies[0]).ok) fail(`${rules}: ${replies[0]}`);
    for (let move = 0; move < 4000; move++) {
      const hint = '{"cmd":"hint"}';
      requests.push(hint);
      replies.push(handle(hint));
      const act = JSON.stringify({ cmd: 'act', bot: kind });
      requests.push(act);
      const reply = handle(act);
      replies.push(reply);
      const r = JSON.parse(reply);
      if (!r.ok) fail(`${rules} seed ${seed}: the bot's move was refused: ${reply.slice(0, 300)}`);
      if (r.state.over) break;
    }
    for (const ask of ['{"cmd":"state"}', '{"cmd":"log"}', '{"cmd":"act","action":{"type":"no-such"}}', 'not json'])
      requests.push(ask), replies.push(handle(ask));
    const native = execFileSync(bin, ['engine'], { input: requests.join('\n') + '\n', maxBuffer: 1 << 30 }).toString().split('\n');
    native.pop();
    if (native.length !== replies.length) fail(`${rules} seed ${seed}: ${native.length} native replies, ${replies.length} from WebAssembly`);
    for (let i = 0; i < replies.length; i++) {
      if (native[i] !== replies[i]) {
        console.error(`${rules} seed ${seed} (${kind}), request ${i + 1}: ${requests[i]}\n  native: ${native[i].slice(0, 400)}\n  wasm:   ${replies[i].slice(0, 400)}`);
        process.exit(1);
      }
    }
    games++;
    lines += replies.length;
  }
}
console.log(`engine_equal: ${games} games over ${presets.length} presets, ${lines} replies, each the same bytes as inbetween engine's`);
