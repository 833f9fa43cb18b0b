// Thumbs first: at 360 x 740 on a touch screen a turn fits on one screen (the posts, your stack,
// the pot, the clock and the action bar, the other seats in a strip), every control is at least
// 44 x 44 px, no key is named, and chips show when they move. Win and loss words are legible in
// both colour schemes, and axe-core finds no serious violation at either width.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addBots, caughtUp, createTable, decisionOf, lastTable, messages } from './helpers';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Whether `el` is wholly on screen and nothing (the sticky action bar, say) covers its middle. */
async function seen(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox({ timeout: 10_000 });
  if (!box) return false;
  const vp = page.viewportSize()!;
  if (box.x < 0 || box.y < 0 || box.x + box.width > vp.width + 0.5 || box.y + box.height > vp.height + 0.5) return false;
  return el.evaluate((node, at) => {
    const top = document.elementFromPoint(at.x, at.y);
    return !!top && (node === top || node.contains(top));
  }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
}

async function annsTable(page: Page, rules: string, seats: number, knobs?: string): Promise<Record<string, any>[]> {
  const msgs = messages(page);
  await createTable(page, { name: 'Ann', rules, seats, knobs });
  await addBots(page, seats - 1);
  await page.getByTestId('start').click();
  return msgs;
}

test.describe('phone', () => {
  test.use(PHONE);

  for (const rules of ['hoyle', 'red-dog', 'threebetween']) {
    test(`${rules}: a turn fits on one screen, with 44 px controls and no keys named`, async ({ page }) => {
      const msgs = await annsTable(page, rules, 3, rules === 'hoyle' ? 'deals=30' : undefined);
      // a few of Ann's turns, so that the board has settled deals (and their strip) on it
      for (let i = 0; i < 3; i++) {
        const t = await decisionOf(page, msgs);
        const draw = page.getByTestId('action-draw');
        await ((await draw.isVisible()) ? draw : page.locator('[data-testid=actions] button.act:not([disabled]):not(.act-rebuy)').first()).click();
        await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(t.moves);
      }
      await decisionOf(page, msgs);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const needed: Locator[] = [
        page.locator('.seat.me .stack'),
        page.getByTestId('countdown'),
        page.locator('[data-testid=actions] button.act:not(.act-rebuy)').first(),
        ...[0, 1, 2].map((i) => page.getByTestId(`seat-${i}`)),
      ];
      if (rules === 'threebetween') needed.push(page.getByTestId('tb-player-Ann').locator('.tb-line').last());
      // the posts of the decision now (Red Dog's wager comes before its posts: their places, then)
      else needed.push(page.getByTestId('pot'), page.getByTestId('posts'));
      for (const el of needed) expect(await seen(page, el), await el.evaluate((n) => n.outerHTML.slice(0, 120))).toBe(true);
      // the turn clock drains under the seat to act
      await expect(page.locator('.seat.to-act [data-testid=seat-clock]')).toBeVisible();
      // every control on the page: 44 x 44 at least
      for (const el of await page.locator('button:visible, input:visible, select:visible, summary:visible').all()) {
        const box = (await el.boundingBox())!;
        const what = await el.evaluate((n) => n.outerHTML.slice(0, 100));
        expect(Math.round(box.height), what).toBeGreaterThanOrEqual(44);
        expect(Math.round(box.width), what).toBeGreaterThanOrEqual(44);
      }
      // no key named: no key labels, no "press h", no "(c)", no "Keys:"
      await expect(page.locator('kbd:visible')).toHaveCount(0);
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/Press h|Keys:/);
      expect(await page.getByTestId('chat-input').getAttribute('placeholder')).not.toContain('(c)');
      await page.screenshot({ path: `test-results/screens/fold-${rules}-phone.png` });
    });
  }

  test("a choice played from the hint table brings the board back into view", async ({ page }) => {
    const msgs = await annsTable(page, 'hoyle', 2, 'deals=30');
    const t = await decisionOf(page, msgs);
    await page.getByTestId('hint-button').click();
    const play = page.locator('.hint-table button').first();
    await expect(play).toBeVisible({ timeout: 30_000 });
    // down at the hint table, the board is out of sight
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await play.scrollIntoViewIfNeeded();
    await expect(page.locator('.pot-board')).not.toBeInViewport({ ratio: 0.5 });
    await play.click();
    await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(t.moves);
    await expect(page.locator('.pot-board')).toBeInViewport({ ratio: 0.9 });
  });

  test('chips fly between a seat and the pot, both on screen', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const msgs = await annsTable(page, 'hoyle', 3, 'deals=30');
    const flights = () => page.evaluate(() => (window as unknown as { flights?: number }).flights ?? 0);
    // count every chip that flies from now on
    await page.evaluate(() => {
      const w = window as unknown as { flights: number };
      w.flights = 0;
      new MutationObserver((list) => {
        // Ann's own (seat 0): to or from her seat
        for (const m of list) for (const n of m.addedNodes) if (n instanceof HTMLElement && n.classList.contains('chip-fly') && (n.dataset.from === 'seat-0' || n.dataset.to === 'seat-0')) w.flights += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Her bets until three of her chips have flown (an ante, a loss, a win); a message the page
    // draws while behind (two bots at no delay) moves its chips without a flight, so a bet or two
    // more may be needed.
    for (let i = 0; i < 10 && (await flights()) < 3; i++) {
      const t = await decisionOf(page, msgs);
      const call = page.getByTestId('action-call-high');
      await ((await call.isVisible()) ? call : page.getByTestId('action-bet')).click();
      await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(t.moves);
      await caughtUp(page, lastTable(msgs)!.moves);
    }
    await expect.poll(flights).toBeGreaterThanOrEqual(3);
  });
});

/** WCAG's contrast ratio of two CSS colours (rgb or rgba over an opaque background). */
function contrast(fg: string, bg: string): number {
  const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const lum = (c: number[]) => {
    const [r, g, b] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(rgb(fg)), lum(rgb(bg))].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: the words of a win and a loss read at 4.5:1 on the panel`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    const colours = await page.evaluate(() => {
      const panel = document.createElement('section');
      panel.className = 'panel narration';
      const list = document.createElement('ol');
      list.className = 'narration-list';
      panel.appendChild(list);
      const out: Record<string, string> = {};
      for (const cls of ['up', 'down', 'ev-win', 'ev-loss', 'ev-bust', 'error', 'sub']) {
        const li = document.createElement('li');
        li.className = cls;
        li.textContent = cls;
        list.appendChild(li);
      }
      document.body.appendChild(panel);
      for (const li of list.children) out[li.className] = getComputedStyle(li).color;
      out.panel = getComputedStyle(panel).backgroundColor;
      panel.remove();
      return out;
    });
    for (const cls of ['up', 'down', 'ev-win', 'ev-loss', 'ev-bust', 'error', 'sub']) {
      expect(contrast(colours[cls], colours.panel), `${cls}: ${colours[cls]} on ${colours.panel}`).toBeGreaterThanOrEqual(4.5);
    }
  });
}

for (const [size, use] of [
  ['phone', PHONE],
  ['desktop', { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false }],
] as const) {
  test.describe(`axe-core (${size})`, () => {
    test.use(use);
    for (const scheme of ['light', 'dark'] as const) {
      test(`no serious violation on the lobby and a table (${scheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        const serious = async (where: string) => {
          const found = await new AxeBuilder({ page }).analyze();
          const bad = found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          expect(bad.map((v) => `${where}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`)).toEqual([]);
        };
        await page.goto('/');
        await expect(page.getByTestId('conn-status')).toHaveAttribute('data-state', 'open');
        await serious('lobby');
        const msgs = await annsTable(page, 'hoyle', 2, 'deals=30');
        const t = await decisionOf(page, msgs);
        await page.getByTestId('action-bet').click();
        await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(t.moves);
        await decisionOf(page, msgs);
        await serious('table');
      });
    }
  });
}
