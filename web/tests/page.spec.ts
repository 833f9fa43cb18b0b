// The page itself: it loads without a console error (favicon included), a broken hash opens the
// lobby, the app manifest and service worker load, and a phone does not scroll sideways.
import { expect, test, type Page } from '@playwright/test';
import { addBots, createTable } from './helpers';

/** Console errors, uncaught exceptions and failed requests of a page, from now on. */
function problems(page: Page): string[] {
  const out: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') out.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => out.push(`exception: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) out.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => out.push(`failed: ${r.url()}`));
  return out;
}

test('the lobby and a table load without a console error', async ({ page }) => {
  const errors = problems(page);
  await page.goto('/');
  await expect(page.getByTestId('conn-status')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('preset-select')).toHaveValue('hoyle');
  await createTable(page, { name: 'Ann', rules: 'red-dog', seats: 2 });
  await addBots(page, 1);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('table-status')).toContainText('in play');
  // the browser asks for /favicon.ico by itself; the page names it too
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  await page.reload();
  await expect(page.getByTestId('table-status')).toContainText('in play');
  expect(errors).toEqual([]);
});

test('a broken or foreign link opens the lobby and says what is wrong', async ({ page }) => {
  const errors = problems(page);
  for (const hash of ['%', '%zz', '%E0%A4%A']) {
    await page.goto(`/#${hash}`);
    await expect(page.getByTestId('lobby')).toBeVisible();
    await expect(page.getByTestId('lobby-error')).toContainText('not a table code');
  }
  await page.goto('/#NOPE9');
  await expect(page.getByTestId('lobby-error')).toHaveText('There is no table NOPE9.');
  // another address in the same tab: what was said of the last one goes
  await page.evaluate(() => (location.hash = 'abc def'));
  await expect(page.getByTestId('lobby-error')).toHaveText(/^\u201cabc def\u201d is not a table code/);
  await page.evaluate(() => (location.hash = ''));
  await expect(page.getByTestId('lobby-error')).toBeEmpty();
  expect(errors).toEqual([]);
});

test('a table opened offline says so, and opens by itself when the network is back', async ({ browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const code = await createTable(page, { name: 'Ann', rules: 'hoyle', seats: 2, knobs: 'deals=30' });
  await addBots(page, 1);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('table-status')).toContainText('in play');
  // the service worker keeps the page; the network goes
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await ctx.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('table-code')).toHaveText(code);
  // an online table says it needs the server (a game on this device plays offline)
  await expect(page.getByTestId('table-info')).toHaveText(
    'You are offline. This table is played on the server: it opens by itself when the connection is back (a game on this device plays offline).',
  );
  // no empty panels meanwhile
  for (const id of ['actions', 'hint', 'narration', 'keys-help']) await expect(page.getByTestId(id)).toBeHidden();
  await ctx.setOffline(false);
  await expect(page.getByTestId('table-status')).toContainText('in play', { timeout: 20_000 });
  await expect(page.getByTestId('table-info')).toBeEmpty();
  await ctx.close();
});

test('an unknown table code says so in the lobby', async ({ page }) => {
  await page.goto('/#NOPE9');
  await expect(page.getByTestId('lobby-error')).toHaveText('There is no table NOPE9.');
});

test('the app manifest, its icons and the service worker load', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  const res = await page.request.get(`/${href}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/manifest+json');
  const manifest = await res.json();
  expect(manifest.name).toContain('inbetween');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.icons.some((i: { sizes: string }) => i.sizes === '512x512')).toBe(true);
  for (const i of manifest.icons) expect((await page.request.get(`/${i.src}`)).status()).toBe(200);
  await expect(page.locator('meta[name=theme-color]')).toHaveAttribute('content', manifest.theme_color);
  const active = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.scriptURL ?? '';
  });
  expect(active).toMatch(/\/sw\.js$/);
  // the page's files are kept; the game never is
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const urls: string[] = [];
    for (const k of keys) for (const r of await (await caches.open(k)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(cached).toContain('/app.js');
  expect(cached.filter((u) => u.startsWith('/tables/') || u === '/ws')).toEqual([]);
});

test('a phone does not scroll sideways: a 200-character chat line, a 40-byte name', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  const name = '\u00d6'.repeat(20); // 40 bytes of UTF-8, the longest name the server takes
  expect(new TextEncoder().encode(name).length).toBe(40);
  await createTable(page, { name, rules: 'hoyle', seats: 2, knobs: 'deals=30' });
  const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await wide()).toBeLessThanOrEqual(360);
  await addBots(page, 1);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('table-status')).toContainText('in play');
  const line = 'W'.repeat(200);
  await page.getByTestId('chat-input').fill(line);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-list')).toContainText(line);
  await expect(page.locator('.seat.me')).toContainText(name);
  expect(await wide()).toBeLessThanOrEqual(360);
  // touch targets: the turn's controls are at least 44 px tall, and no key labels show
  await expect(page.getByTestId('status')).toHaveText('Your turn.', { timeout: 20_000 });
  for (const el of await page.locator('.controls button:visible, .controls input[type=range]:visible').all()) {
    expect((await el.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await expect(page.locator('kbd.digit:visible, kbd.letter:visible')).toHaveCount(0);
  await ctx.close();
});
