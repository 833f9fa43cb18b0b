// Bundles src/main.ts into dist/app.js and src/local-worker.ts into dist/local-worker.js, and
// copies the static files (index.html, app.css, public/: icons, manifest, service worker) and the
// engine as WebAssembly (../build-wasm/inbetween-engine.js and .wasm, src/wasm/wasm.cmake; or
// INBETWEEN_WASM_DIR) beside them: dist/ alone is then the whole page, for any static host.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [join(here, 'src/main.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: process.argv.includes('--minify'),
  sourcemap: true,
  outfile: join(dist, 'app.js'),
  logLevel: 'warning',
});
// The worker of the table on this device (local.ts): a classic worker, as the engine's glue is
// loaded by importScripts.
await build({
  entryPoints: [join(here, 'src/local-worker.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: process.argv.includes('--minify'),
  sourcemap: true,
  outfile: join(dist, 'local-worker.js'),
  logLevel: 'warning',
});
const wasmDir = process.env.INBETWEEN_WASM_DIR ?? join(here, '..', 'build-wasm');
const engine = ['inbetween-engine.js', 'inbetween-engine.wasm'];
if (engine.every((f) => existsSync(join(wasmDir, f)))) {
  for (const f of engine) copyFileSync(join(wasmDir, f), join(dist, f));
} else {
  console.warn(`no ${engine.join(' and ')} in ${wasmDir}: play on this device needs them (./run serve builds them)`);
}
for (const f of ['index.html', 'app.css', 'lobby.css']) copyFileSync(join(here, f), join(dist, f));
// The app's icons, manifest and service worker (public/), beside the page.
for (const f of readdirSync(join(here, 'public'))) copyFileSync(join(here, 'public', f), join(dist, f));
console.log('built', dist);
