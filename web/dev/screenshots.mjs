// Screenshots of the lobby and of a table of each family, at phone and desktop sizes, against a
// running server (the mock or `inbetween serve`):
//
//   node dev/screenshots.mjs [http://127.0.0.1:8090] [out-dir]
//
// Uses Debian's chromium (playwright-core, no browser download).

import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] ?? 'http://127.0.0.1:8090';
const out = process.argv[3] ?? 'test-results/screens';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const sizes = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } };
const families = (process.env.FAMILIES ?? 'hoyle,red-dog,threebetween').split(',');

for (const [sizeName, viewport] of Object.entries(sizes)) {
  for (const rules of families) {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(base + '/');
    await page.getByTestId('name-input').fill('Ann');
    await page.getByTestId('preset-select').selectOption(rules);
    await page.getByTestId('seats-input').fill('3');
    if (rules === 'hoyle' && sizeName === 'phone') await page.screenshot({ path: `${out}/lobby-${sizeName}.png`, fullPage: true });
    await page.getByTestId('create').click();
    await page.getByTestId('add-bot').click();
    await page.getByTestId('seat-1').filter({ hasText: 'bot' }).waitFor();
    await page.getByTestId('add-bot').click();
    await page.getByTestId('start').filter({ hasText: 'Start the game' }).waitFor();
    if (rules === 'hoyle') await page.screenshot({ path: `${out}/waiting-${sizeName}.png`, fullPage: true });
    await page.getByTestId('start').click();
    await page.getByTestId('status').filter({ hasText: 'Your turn' }).waitFor({ timeout: 20000 });
    if (rules === 'threebetween') {
      // play a few of our own moves so the board has cards on it
      for (let i = 0; i < 6; i++) {
        await page.getByTestId('status').filter({ hasText: 'Your turn' }).waitFor({ timeout: 20000 });
        const first = page.locator('[data-testid=actions] button.act').first();
        const kind = await first.getAttribute('data-testid');
        if (i >= 3 && kind === 'action-draw') break;
        await first.click();
        await page.locator('[data-testid=actions] button.act:not([disabled])').first().waitFor({ timeout: 20000 });
      }
      await page.getByTestId('status').filter({ hasText: 'Your turn' }).waitFor({ timeout: 20000 });
    }
    await page.keyboard.press('h');
    await page.locator('.hint-table').waitFor({ timeout: 20000 });
    await page.screenshot({ path: `${out}/${rules}-${sizeName}.png`, fullPage: true });
    await ctx.close();
  }
}
await browser.close();
console.log('screenshots in', out);
