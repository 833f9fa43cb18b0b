// Play on this device (issue 50; a benchmark, not a test): web/dist from a plain static server
// (python3 -m http.server), Debian's chromium (headless, through web/'s playwright-core), the
// page visited once so that its service worker keeps the page and the engine, then the network
// off. Measured, each --runs times (the median and the range):
//   open:  a fresh tab opening the cached page offline at the game on this device (a saved game
//          of hoyle against two bots, brought back by the worker) until its dealt posts are
//          drawn, from the navigation's start (the page's performance.now());
//   new:   the same tab from the lobby: create (Play on this device), two bots, start, until the
//          first posts are drawn (the clicks of the automation included);
//   solve: ThreeBeTween (Ann and a sensible bot) in a worker of its own: the first hint, a cold
//          solve of the table, then a move and a hint from the solved table.
//   node bench/local_table.mjs [--runs 5] [--dist web/dist] [--chromium /usr/bin/chromium]
import { spawn, execSync } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { arg, here } from './serve_tables.mjs';

const runs = Number(arg('runs', 5));
const dist = resolve(arg('dist', join(here, '../web/dist')));
const chromiumPath = arg('chromium', execSync('which chromium').toString().trim());
const { chromium } = createRequire(join(here, '../web/package.json'))('playwright-core');

const port = await new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => ok(p));
  });
});
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dist], { stdio: 'ignore' });
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/`)).ok) break;
  } catch {
    if (i > 200) throw new Error('the static server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const say = (name, xs) => console.log(`${name}: median ${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)} to ${Math.max(...xs).toFixed(0)}, ${xs.length} runs)`);
// The moment the first dealt posts are drawn, in the page's own clock.
const watchPosts = () => {
  new MutationObserver((_, o) => {
    if (document.querySelector('[data-testid=post-0]')) {
      window.postsAt = performance.now();
      o.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

const open = [];
const fresh = [];
const cold = [];
const solved = [];
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const first = await context.newPage();
  await first.goto(`${base}/`);
  await first.evaluate(async () => {
    await navigator.serviceWorker.ready;
    while (!(await caches.match('inbetween-engine.wasm'))) await new Promise((r) => setTimeout(r, 20));
  });
  await context.setOffline(true);
  // A new game from the lobby, offline.
  const page = await context.newPage();
  await page.addInitScript(watchPosts);
  await page.goto(`${base}/`);
  await page.getByTestId('name-input').fill('Ann');
  await page.getByTestId('preset-select').locator('option[value="hoyle"]').waitFor({ state: 'attached' });
  await page.getByTestId('preset-select').selectOption('hoyle');
  await page.getByTestId('seats-input').fill('3');
  await page.getByTestId('play-here').check();
  await page.getByTestId('create').click();
  for (let b = 0; b < 2; b++) {
    await page.getByTestId('add-bot').click();
    await page.locator('.seat:not(.empty)').nth(b + 1).waitFor();
  }
  await page.getByTestId('start').click();
  await page.waitForFunction(() => window.postsAt !== undefined);
  fresh.push(await page.evaluate(() => window.postsAt));
  await page.close();
  // The cached page opened offline at the saved game.
  const again = await context.newPage();
  await again.addInitScript(watchPosts);
  await again.goto(`${base}/#ON-THIS-DEVICE`);
  await again.waitForFunction(() => window.postsAt !== undefined);
  open.push(await again.evaluate(() => window.postsAt));
  // ThreeBeTween's hints in a worker of its own.
  const [c, s] = await again.evaluate(async () => {
    const worker = new Worker('local-worker.js');
    const ask = (m) => new Promise((ok) => ((worker.onmessage = (e) => ok(e.data)), worker.postMessage(m)));
    await ask({ type: 'create', name: 'Ann', rules: 'threebetween', seats: 2 });
    await ask({ type: 'bot', kind: 'sensible' });
    await ask({ type: 'start' });
    let t0 = performance.now();
    const [hint] = await ask({ type: 'hint' });
    const coldMs = performance.now() - t0;
    if (hint.type !== 'hint') throw new Error(JSON.stringify(hint));
    await ask({ type: 'act', action: hint.hint.best });
    t0 = performance.now();
    const [next] = await ask({ type: 'hint' });
    const solvedMs = performance.now() - t0;
    worker.terminate();
    if (next.type !== 'hint') throw new Error(JSON.stringify(next));
    return [coldMs, solvedMs];
  });
  cold.push(c);
  solved.push(s);
  await context.close();
}
say('open the cached page offline -> the saved game\'s dealt posts drawn', open);
say('offline lobby -> create, 2 bots, start -> first dealt posts drawn', fresh);
say('ThreeBeTween cold solve (first hint) in the worker', cold);
say('ThreeBeTween hint from the solved table', solved);
await browser.close();
server.kill();
