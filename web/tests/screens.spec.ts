// A screenshot of each family's table with bots, at phone (touch) and desktop widths, saved under
// test-results/screens/ to look at. The pot and house tables are taken once a deal has been
// settled (its third card on the board), Red Dog at Ann's raise decision (what the spread pays);
// ThreeBeTween once Ann has drawn. And chips in flight, held still, on a desktop Hoyle table.
import { expect, test, type Page } from '@playwright/test';
import { addBots, addRule, createTable, firstAction } from './helpers';

// Hoyle's three deals can pass without a question to Ann (each of her turns a pair or
// consecutive posts); with 30 the table waits for her.
const knobs: Record<string, string> = { hoyle: 'deals=30' };

/** Plays Ann's turns (the first choice; a draw when there is one) until `ready`. */
async function playUntil(page: Page, ready: () => Promise<boolean>): Promise<void> {
  for (let n = 0; n < 40; n++) {
    await expect(page.getByTestId('status')).toHaveText('Your turn.', { timeout: 30_000 });
    if (await ready()) return;
    const moves = await page.getByTestId('table-view').getAttribute('data-moves');
    const draw = page.getByTestId('action-draw');
    await ((await draw.isVisible()) ? draw : firstAction(page)).click();
    await expect(page.getByTestId('table-view')).not.toHaveAttribute('data-moves', moves ?? '');
  }
  throw new Error('the table never got there');
}

for (const rules of ['hoyle', 'red-dog', 'threebetween']) {
  for (const [size, viewport] of [
    ['phone', { width: 360, height: 740 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`screenshot of ${rules} (${size})`, async ({ browser }) => {
      const touch = size === 'phone';
      const ctx = await browser.newContext({ viewport, isMobile: touch, hasTouch: touch, reducedMotion: 'reduce' });
      const page = await ctx.newPage();
      await createTable(page, { name: 'Ann', rules, seats: 3, knobs: knobs[rules] });
      await addBots(page, 2);
      await page.getByTestId('start').click();
      await expect(page.getByTestId('seats').locator('.seat')).toHaveCount(3);
      await playUntil(page, async () =>
        rules === 'threebetween'
          ? page.getByTestId('action-end_turn').isVisible()
          : (await page.getByTestId('last-deal').isVisible()) && (rules !== 'red-dog' || (await page.getByTestId('action-stand').isVisible())),
      );
      await page.keyboard.press('h');
      await expect(page.locator('.hint-table')).toBeVisible({ timeout: 30_000 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width); // nothing wider than the screen
      // The whole page as one tall viewport: a fullPage screenshot drops the touch emulation (the
      // key labels a phone hides would show).
      await page.setViewportSize({ width: viewport.width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
      await page.screenshot({ path: `test-results/screens/${rules}-${size}.png` });
      await ctx.close();
    });
  }
}

test('screenshot of chips moving to and from the pot (desktop)', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
  const page = await ctx.newPage();
  await createTable(page, { name: 'Ann', rules: 'hoyle', seats: 3, knobs: knobs.hoyle });
  // held at a third of the way, so the picture shows them between the seats and the pot
  await addRule(page, '.chip-fly { animation-play-state: paused !important; animation-delay: -220ms !important; }');
  await addBots(page, 2);
  await page.getByTestId('start').click();
  await playUntil(page, async () => (await page.locator('.chip-fly').count()) > 0);
  await page.screenshot({ path: 'test-results/screens/chips-desktop.png' });
  await ctx.close();
});
