// How long your own third card is the board's main deal (it lands, then a moment), and whether
// your last deal is still on the board at your next turn (issue 47's first finding), against a
// running server: Ann bets against one bot in a Hoyle game, a dozen times.
//
//   inbetween serve --port 8200 --db /tmp/m.db --web dist --bot-delay-ms 0   (and 300, 700)
//   node dev/moment-times.mjs 8200
//
// Uses Debian's chromium (playwright-core, no browser download).
import { chromium } from 'playwright-core';
const port = process.argv[2];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
const page = await ctx.newPage();
await page.goto(`http://127.0.0.1:${port}/`);
await page.getByTestId('name-input').fill('Ann');
await page.getByTestId('preset-select').selectOption('hoyle');
await page.getByTestId('seats-input').fill('2');
await page.getByTestId('knobs-input').fill('deals=60');
await page.getByTestId('create').click();
await page.getByTestId('add-bot').click();
await page.getByTestId('start').filter({ hasText: 'Start the game' }).waitFor();
await page.getByTestId('start').click();
await page.getByTestId('status').filter({ hasText: 'Your turn' }).waitFor({ timeout: 30000 });
await page.evaluate(() => {
  const w = window;
  w.focusLog = []; // [time, "player of the main deal|its third card|your last deal's third card"]
  let last = '';
  new MutationObserver(() => {
    const d = document.querySelector('[data-testid=last-deal]');
    const mine = document.querySelector('[data-testid=my-deal] [data-testid=my-third-card]');
    const key = `${d?.getAttribute('data-player')}|${d?.querySelector('[data-testid=third-card]')?.getAttribute('data-card')}|${mine?.getAttribute('data-card') ?? ''}`;
    if (key !== last) { last = key; w.focusLog.push([performance.now(), key]); }
  }).observe(document.querySelector('.board-slot'), { childList: true });
});
const mainTimes = [];
const staysMine = [];
for (let i = 0; i < 12; i++) {
  await page.getByTestId('status').filter({ hasText: 'Your turn' }).waitFor({ timeout: 30000 });
  const call = page.getByTestId('action-call-high');
  const before = await page.evaluate(() => window.focusLog.length);
  await ((await call.isVisible()) ? call : page.getByTestId('action-bet')).click();
  await page.getByTestId('status').filter({ hasText: 'Your turn' }).waitFor({ timeout: 30000 });
  const log = await page.evaluate((n) => window.focusLog.slice(n), before);
  // Ann's deal as the main one: from when it appears to when another replaces it
  const start = log.findIndex(([, k]) => k.startsWith('Ann|') && !k.startsWith('Ann|undefined'));
  if (start < 0) continue;
  const card = log[start][1].split('|')[1];
  const end = log.findIndex(([, k], j) => j > start && (k.split('|')[0] !== 'Ann' || k.split('|')[1] !== card));
  if (end < 0) continue; // her deal is still the main one at her next turn
  mainTimes.push(Math.round(log[end][0] - log[start][0]));
  // and at her next turn it is still on the board (as her last deal)
  staysMine.push(await page.evaluate(() => !!document.querySelector('[data-testid=my-deal], [data-testid=last-deal][data-player=Ann]')));
}
console.log(JSON.stringify({ port, mainMs: mainTimes, stillShownAtHerNextTurn: staysMine }));
await browser.close();
