// A screenshot of each family's table with bots, at phone and desktop widths, saved under
// test-results/screens/ to look at.
import { expect, test } from '@playwright/test';
import { addBots, createTable } from './helpers';

// Hoyle's three deals can pass without a question to Ann (each of her turns a pair or
// consecutive posts); with 30 the table waits for her.
const knobs: Record<string, string> = { hoyle: 'deals=30' };

for (const rules of ['hoyle', 'red-dog', 'threebetween']) {
  for (const [size, viewport] of [
    ['phone', { width: 360, height: 740 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`screenshot of ${rules} (${size})`, async ({ browser }) => {
      const ctx = await browser.newContext({ viewport });
      const page = await ctx.newPage();
      await createTable(page, { name: 'Ann', rules, seats: 3, knobs: knobs[rules] });
      await addBots(page, 2);
      await page.getByTestId('start').click();
      await expect(page.getByTestId('status')).toHaveText('Your turn.', { timeout: 30_000 });
      await expect(page.getByTestId('seats').locator('.seat')).toHaveCount(3);
      await page.keyboard.press('h');
      await expect(page.locator('.hint-table')).toBeVisible({ timeout: 30_000 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width); // nothing wider than the screen
      await page.screenshot({ path: `test-results/screens/${rules}-${size}.png`, fullPage: true });
      await ctx.close();
    });
  }
}
