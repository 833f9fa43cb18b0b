// Bundles src/main.ts into dist/app.js and copies the static files (index.html, app.css,
// public/: icons, manifest, service worker) beside it.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
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
for (const f of ['index.html', 'app.css', 'lobby.css']) copyFileSync(join(here, f), join(dist, f));
// The app's icons, manifest and service worker (public/), beside the page.
for (const f of readdirSync(join(here, 'public'))) copyFileSync(join(here, 'public', f), join(dist, f));
console.log('built', dist);
