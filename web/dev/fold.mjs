// Where a turn's parts are on a 360 x 740 touch screen (y from the top, in px) once Ann has played
// a few turns of a 3-seat table, against a running server (issue 47: a turn on one screen):
//
//   node dev/fold.mjs PORT [hoyle|red-dog|...]
//
// Uses Debian's chromium (playwright-core, no browser download).
import { chromium } from 'playwright-core';
const [,, port, rules = 'hoyle'] = process.argv;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
const page = await ctx.newPage();
await page.goto(`http://127.0.0.1:${port}/`);
await page.getByTestId('name-input').fill('Ann');
await page.getByTestId('preset-select').selectOption(rules);
await page.getByTestId('seats-input').fill('3');
await page.getByTestId('create').click();
for (let i = 0; i < 2; i++) { await page.getByTestId('add-bot').click(); await page.locator('.seat:not(.empty)').nth(i + 1).waitFor(); }
await page.getByTestId('start').click();
for (let i = 0; i < 4; i++) {
  await page.getByTestId('status').filter({ hasText: 'Your turn' }).waitFor({ timeout: 30000 });
  const draw = page.getByTestId('action-draw');
  await ((await draw.isVisible()) ? draw : page.locator('[data-testid=actions] button.act:not([disabled]):not(.act-rebuy)').first()).click();
}
await page.getByTestId('status').filter({ hasText: 'Your turn' }).waitFor({ timeout: 30000 });
const sel = { posts: '[data-testid=posts]', 'my stack': '.seat.me .stack', pot: '[data-testid=pot]', clock: '[data-testid=countdown]', 'seats strip': '[data-testid=seats]', 'last deal': '[data-testid=last-deal]', 'action bar': '.controls', 'tb row': '[data-testid=tb-player-Ann]' };
const out = {};
for (const [k, s] of Object.entries(sel)) out[k] = await page.evaluate((s) => { const r = document.querySelector(s)?.getBoundingClientRect(); return r ? `y ${Math.round(r.top)}-${Math.round(r.bottom)}` : null; }, s);
console.log(rules, JSON.stringify(out), 'scrollY', await page.evaluate(() => scrollY));
await browser.close();
