// The README's pictures of the browser table: Ann and two bots at Hoyle, at her decision after a
// few deals (the deal just settled, her own last deal, each seat's chance to win), the hint open
// at desktop width (docs/images/table-hoyle.png) and the phone's one screen (table-hoyle-phone.png).
// Run from the repository root after `./run serve` has built everything once:
//   node docs/scripts/table-screens.cjs
const { chromium } = require('../../web/node_modules/playwright');
const { spawn } = require('child_process');
const path = require('path');
const root = path.resolve(__dirname, '../..');

function serve() {
  return new Promise((resolve, reject) => {
    const p = spawn(path.join(root, 'build/inbetween'), ['serve', '--port', '0', '--db', ':memory:', '--bot-delay-ms', '300'], { env: { ...process.env, INBETWEEN_DATA: root } });
    p.on('error', reject);
    p.stdout.on('data', (d) => {
      const m = /127\.0\.0\.1:(\d+)\//.exec(d.toString());
      if (m) resolve({ p, url: `http://127.0.0.1:${m[1]}` });
    });
  });
}

async function yourTurn(page) {
  await page.getByTestId('status').filter({ hasText: 'Your turn.' }).waitFor({ timeout: 60_000 });
}

(async () => {
  const server = await serve();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const shoot = async (viewport, file, hint) => {
    const page = await browser.newPage({ viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
    await page.goto(server.url + '/');
    await page.getByTestId('name-input').fill('Ann');
    await page.getByTestId('preset-select').selectOption('hoyle');
    await page.getByTestId('seats-input').fill('3');
    await page.getByTestId('knobs-input').fill('deals=30');
    await page.getByTestId('create').click();
    await page.getByTestId('waiting').waitFor();
    for (const kind of ['sensible', 'cautious']) {
      await page.getByTestId('bot-kind').selectOption(kind);
      await page.getByTestId('add-bot').click();
    }
    await page.locator('.seat:not(.empty)').nth(2).waitFor();
    await page.getByTestId('start').click();
    // a few of Ann's turns, so that the board has deals before hers
    for (let i = 0; i < 3; i++) {
      await yourTurn(page);
      const moves = await page.getByTestId('table-view').getAttribute('data-moves');
      await page.locator('[data-testid^=action-]:enabled').first().click();
      await page.waitForFunction((m) => document.querySelector('[data-testid=table-view]')?.getAttribute('data-moves') !== m, moves);
    }
    await yourTurn(page);
    await page.locator('.win-bar').first().waitFor({ timeout: 30_000 }).catch(() => {});
    if (hint) {
      await page.getByTestId('hint-button').click();
      await page.getByTestId('hint').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
    }
    await page.waitForTimeout(1500); // the landing card and the chips settle (a picture, not a test)
    await page.screenshot({ path: path.join(root, 'docs/images', file), fullPage: hint });
    await page.close();
  };
  await shoot({ width: 1280, height: 800 }, 'table-hoyle.png', true);
  await shoot({ width: 360, height: 740 }, 'table-hoyle-phone.png', false);
  await browser.close();
  server.p.kill('SIGTERM');
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
