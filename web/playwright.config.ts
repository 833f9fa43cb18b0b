// Browser tests of the table (tests/*.spec.ts) against `inbetween serve`, started here with an
// empty database and this folder's dist/ (npm test builds it first). Debian's chromium, headless.
//   INBETWEEN_BIN   the inbetween executable (default ../build/inbetween)
//   INBETWEEN_SERVER=mock   use dev/mock-server.mjs instead (while the real server is not there)
//   CHROMIUM        the browser (default: `which chromium`)
import { defineConfig } from '@playwright/test';
import { execSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The config is read again in every worker: keep the port and database in the environment, which
// the workers inherit, so they all talk to the one server.
// A free port, asked of the system once.
process.env.INBETWEEN_TEST_PORT ??= execSync(
  `node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"`,
)
  .toString()
  .trim();
// A second free port: dist/ from a plain static server (python3 -m http.server), the page with no
// inbetween behind it (tests/local.spec.ts: play on this device).
process.env.INBETWEEN_STATIC_PORT ??= execSync(
  `node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"`,
)
  .toString()
  .trim();
process.env.INBETWEEN_TEST_DB ??= join(tmpdir(), `inbetween-web-test-${process.pid}-${Date.now()}.db`);
const port = Number(process.env.INBETWEEN_TEST_PORT);
const db = process.env.INBETWEEN_TEST_DB;
const bin = process.env.INBETWEEN_BIN ?? '../build/inbetween';
const chromium = process.env.CHROMIUM ?? execSync('which chromium').toString().trim();

const server =
  process.env.INBETWEEN_SERVER === 'mock'
    ? `node dev/mock-server.mjs --port ${port} --bot-delay-ms 0`
    // Every test page comes from 127.0.0.1: one address opening many tables and pages.
    : `${bin} serve --host 127.0.0.1 --port ${port} --db ${db} --web dist --bot-delay-ms 0 --max-tables-per-address 1000 --http-requests-per-second 10000`;

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results/output',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    // The page waits for each third card to land before it draws the next move (src/main.ts, the
    // pace of the table); tests of the game's logic run without motion, and those of the moment
    // itself (moment.spec.ts, motion.spec.ts) ask for it.
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: server,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `python3 -m http.server ${process.env.INBETWEEN_STATIC_PORT} --bind 127.0.0.1 --directory dist`,
      url: `http://127.0.0.1:${process.env.INBETWEEN_STATIC_PORT}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
  ],
});
