// A server restart: the page reconnects by itself and resumes its seat from the token it kept.
// Starts its own `inbetween serve` (another port, its own database), so not with the mock, which
// keeps nothing.
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addBots, createTable } from './helpers';

test.skip(process.env.INBETWEEN_SERVER === 'mock', 'the mock keeps no tables across a restart');

const port = Number(process.env.INBETWEEN_TEST_PORT) + 1;
const base = `http://127.0.0.1:${port}`;
const db = join(tmpdir(), `inbetween-web-restart-${process.pid}-${Date.now()}.db`);

function serve(): ChildProcess {
  const bin = process.env.INBETWEEN_BIN ?? '../build/inbetween';
  return spawn(bin, ['serve', '--host', '127.0.0.1', '--port', String(port), '--db', db, '--web', 'dist', '--bot-delay-ms', '0'], { stdio: 'ignore' });
}

async function up(): Promise<void> {
  await expect.poll(async () => (await fetch(base + '/').catch(() => null))?.status ?? 0, { timeout: 20_000 }).toBe(200);
}

test('the page resumes its seat after the server restarts', async ({ page }) => {
  let server = serve();
  try {
    await up();
    // 30 deals: a game of two deals could end before Ann is asked anything, when each of her
    // turns is a pair or consecutive posts (about one start in 25).
    const code = await createTable(page, { name: 'Ann', rules: 'hoyle', seats: 2, knobs: 'deals=30', base });
    await addBots(page, 1);
    await page.getByTestId('start').click();
    await expect(page.getByTestId('table-status')).toContainText('in play');

    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    await expect(page.getByTestId('conn-status')).toHaveAttribute('data-state', /retrying|connecting/);

    server = serve();
    await up();
    await expect(page.getByTestId('conn-status')).toHaveAttribute('data-state', 'open', { timeout: 20_000 });
    await expect(page.getByTestId('table-code')).toHaveText(code);
    await expect(page.locator('.seat.me')).toContainText('Ann');
    await expect(page.getByTestId('table-status')).toContainText('in play');
  } finally {
    server.kill('SIGTERM');
  }
});
