// A server restart: the page reconnects by itself and resumes its seat from the token it kept.
// Starts its own `inbetween serve` (another port, its own database), so not with the mock, which
// keeps nothing.
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addBots, createTable } from './helpers';

test.skip(process.env.INBETWEEN_SERVER === 'mock', 'the mock keeps no tables across a restart');

const db = join(tmpdir(), `inbetween-web-restart-${process.pid}-${Date.now()}.db`);

// Starts the server on `port` (0: a free one the system picks) and resolves to the port it
// listens on, read from what it prints: a port picked ahead and then taken by another program
// would leave the test waiting on a server that never started. Its errors go to the test's output.
async function serve(port: number): Promise<{ server: ChildProcess; port: number }> {
  const bin = process.env.INBETWEEN_BIN ?? '../build/inbetween';
  const server = spawn(bin, ['serve', '--host', '127.0.0.1', '--port', String(port), '--db', db, '--web', 'dist', '--bot-delay-ms', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const listening = await new Promise<number>((resolve, reject) => {
    let said = '';
    server.stdout!.on('data', (d: Buffer) => {
      said += d.toString();
      const m = /127\.0\.0\.1:(\d+)\//.exec(said);
      if (m) resolve(Number(m[1]));
    });
    server.once('exit', (code) => reject(new Error(`inbetween serve ended (${code}) before it listened: ${said}`)));
  });
  return { server, port: listening };
}

test('the page resumes its seat after the server restarts, and the chat is still there', async ({ page, browser }) => {
  let { server, port } = await serve(0);
  const base = `http://127.0.0.1:${port}`;
  try {
    // 30 deals: a game of two deals could end before Ann is asked anything, when each of her
    // turns is a pair or consecutive posts (about one start in 25).
    const code = await createTable(page, { name: 'Ann', rules: 'hoyle', seats: 2, knobs: 'deals=30', base });
    await addBots(page, 1);
    await page.getByTestId('start').click();
    await expect(page.getByTestId('table-status')).toContainText('in play');
    await page.getByTestId('chat-input').fill('said before the restart');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-list')).toContainText('said before the restart');

    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    await expect(page.getByTestId('conn-status')).toHaveAttribute('data-state', /retrying|connecting/);

    ({ server } = await serve(port)); // the same address: the page reconnects to where it was
    await expect(page.getByTestId('conn-status')).toHaveAttribute('data-state', 'open', { timeout: 20_000 });
    await expect(page.getByTestId('table-code')).toHaveText(code);
    await expect(page.locator('.seat.me')).toContainText('Ann');
    await expect(page.getByTestId('table-status')).toContainText('in play');
    // the server kept the chat: the page has it once, and someone arriving now gets it
    await expect(page.getByTestId('chat-list').locator('li')).toHaveText(['Ann: said before the restart']);
    const watcher = await (await browser.newContext()).newPage();
    await watcher.goto(`${base}/#${code}`);
    await expect(watcher.getByTestId('chat-list')).toContainText('Ann: said before the restart');
  } finally {
    server.kill('SIGTERM');
  }
});
