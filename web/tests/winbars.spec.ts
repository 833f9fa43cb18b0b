// Each seat's chance to win as the game goes (issue 52): a bar in every seat, its figure a chance
// (0-100%, the seats' summing to 100%), changing as the moves are played; on a table of the server
// (its `chances` worked out off the table's thread) and on one on this device (the worker's
// engine), which answer the same message. Screenshots at a phone's size and a laptop's.
import { expect, test, type Page } from '@playwright/test';
import { addBots, createTable, firstAction, whoActs } from './helpers';

/** The bars' figures in seat order, once every seat has one. */
async function bars(page: Page, seats: number): Promise<number[]> {
  const meters = page.locator('[data-testid=seats] [role=meter]');
  await expect(meters).toHaveCount(seats, { timeout: 30_000 });
  return meters.evaluateAll((els) => els.map((e) => Number(e.getAttribute('aria-valuenow'))));
}

function chancesOk(values: number[]): void {
  for (const v of values) {
    expect(v).toBeGreaterThanOrEqual(0);
    expect(v).toBeLessThanOrEqual(100);
  }
  // Each figure is rounded to a tenth of a point.
  expect(Math.abs(values.reduce((a, b) => a + b, 0) - 100)).toBeLessThanOrEqual(0.05 * values.length + 1e-9);
}

/** Ann plays her first choice at each of her turns until the bars have shown `want` different
 * sets of figures (or the game ends); returns every set seen. */
async function playWatchingBars(page: Page, seats: number, want: number): Promise<string[]> {
  const seen = new Set<string>();
  for (let turn = 0; turn < 60 && seen.size < want; turn++) {
    const values = await bars(page, seats);
    chancesOk(values);
    seen.add(values.join(','));
    if ((await whoActs([page], 60_000)) < 0) break;
    const moves = await page.getByTestId('table-view').getAttribute('data-moves');
    await firstAction(page).click();
    await expect(page.getByTestId('table-view')).not.toHaveAttribute('data-moves', moves ?? '', { timeout: 30_000 });
    // the bars follow the move (one request at a time): wait until they show this moment's
    await expect.poll(async () => (await bars(page, seats)).join(','), { timeout: 30_000 }).not.toBe('');
  }
  return [...seen];
}

test('a bar per seat shows its chance to win on a server table, and the bars change with the moves', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createTable(page, { name: 'Ann', rules: 'hoyle', seats: 3, knobs: 'deals=6' });
  await addBots(page, 2, 'sensible');
  await page.getByTestId('start').click();
  const first = await bars(page, 3);
  chancesOk(first);
  // The hint at three seats: each choice's chance to win and each seat's, estimated.
  if ((await whoActs([page], 60_000)) === 0) {
    await page.getByTestId('hint-button').click();
    await expect(page.getByTestId('seat-chances')).toContainText(/Ann \d+\.\d%, bot2 \d+\.\d%, bot3 \d+\.\d%/);
    await expect(page.getByTestId('win-estimate')).toContainText('playouts a choice with sensible bots');
    await expect(page.getByTestId('best-to-win')).toContainText('To win the game: ');
  }
  await page.screenshot({ path: 'test-results/winbars-1280x800.png' });
  const seen = await playWatchingBars(page, 3, 3);
  expect(seen.length).toBeGreaterThan(1);
  await page.setViewportSize({ width: 360, height: 740 });
  await bars(page, 3);
  await page.screenshot({ path: 'test-results/winbars-360x740.png' });
});

test('a bar per seat on a table on this device (the worker answers `chances` as the server does)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // The page from a plain static server (as tests/local.spec.ts has it): no inbetween behind it.
  await page.goto(`http://127.0.0.1:${process.env.INBETWEEN_STATIC_PORT}/`);
  await expect(page.getByTestId('play-here')).toBeChecked({ timeout: 30_000 });
  await page.getByTestId('name-input').fill('Ann');
  await page.getByTestId('preset-select').selectOption('threebetween');
  await page.getByTestId('seats-input').fill('3');
  await page.getByTestId('create').click();
  await expect(page.getByTestId('waiting')).toBeVisible({ timeout: 30_000 });
  await addBots(page, 2, 'sensible');
  await page.getByTestId('start').click();
  chancesOk(await bars(page, 3));
  await page.screenshot({ path: 'test-results/winbars-local-360x740.png' });
  const seen = await playWatchingBars(page, 3, 2);
  expect(seen.length).toBeGreaterThan(1);
});
