// A custom rule file's description may be 64 KiB (issue 49, finding 9): the table message carries
// it cut to 200 characters, the header shows two lines of it at most (one on a phone), and the
// whole text is in the rules help, below the seats, on request. With a 60 KB description of words
// and with one unbroken 60 KB word, at phone and desktop width, the seats panel's top is on the
// first screen, and reading the whole text does not move it.
import { expect, test, type Page } from '@playwright/test';
import WebSocket from 'ws';

test.skip(process.env.INBETWEEN_SERVER === 'mock', 'the mock server takes no rule file of its own');

type Msg = Record<string, any>;

/** A started table of Ann and a bot under rules with `description`, made by a client of the
 * test's own (the page's lobby offers presets only); its code. */
async function customTable(description: string): Promise<{ code: string; ws: WebSocket }> {
  const ws = new WebSocket(`ws://127.0.0.1:${process.env.INBETWEEN_TEST_PORT}/ws`);
  const inbox: Msg[] = [];
  ws.on('message', (d) => inbox.push(JSON.parse(String(d))));
  await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
  ws.send(JSON.stringify({ type: 'create', name: 'Ann', seats: 2, rules_text: `game = "pot"\nname = "long"\ndescription = "${description}"\n` }));
  await expect.poll(() => inbox.find((m) => m.type === 'seated' || m.type === 'error')?.type, { timeout: 10_000 }).toBe('seated');
  const { table, token } = inbox.find((m) => m.type === 'seated')!;
  ws.send(JSON.stringify({ type: 'bot', table, token, kind: 'sensible' }));
  ws.send(JSON.stringify({ type: 'start', table, token }));
  await expect.poll(() => inbox.some((m) => m.type === 'table' && m.status !== 'waiting'), { timeout: 10_000 }).toBe(true);
  return { code: table, ws };
}

/** Where the seats panel begins, from the top of the document (not of the window, which scrolls). */
function seatsTop(page: Page): Promise<number> {
  return page.locator('.seats-panel').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

const sizes = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } };
const descriptions = { words: 'many words '.repeat(5455), 'one word': 'x'.repeat(60_000) };

for (const [size, viewport] of Object.entries(sizes)) {
  for (const [kind, description] of Object.entries(descriptions)) {
    test(`${size}, a 60 KB description of ${kind}: the seats are on the first screen, the whole text in the help`, async ({ browser }) => {
      const { code, ws } = await customTable(description);
      const page = await browser.newPage({ viewport });
      await page.goto(`/#${code}`);
      await expect(page.locator('.seats-panel')).toBeVisible();
      const top = await seatsTop(page);
      expect(top, 'the seats panel begins on the first screen').toBeLessThan(viewport.height);
      const title = page.getByTestId('rules-title');
      expect((await title.boundingBox())!.height, 'the title takes two lines at most').toBeLessThan(50);
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await wide(), 'nothing runs past the right of the page').toBe(true);

      // The whole description, asked for in the rules help.
      await page.getByTestId('rules-help').locator('summary').first().click();
      await page.getByTestId('rules-whole-open').click();
      const whole = page.getByTestId('rules-whole');
      await expect.poll(() => whole.evaluate((el) => el.textContent?.length ?? 0)).toBe(description.length);
      const box = (await whole.boundingBox())!;
      expect(box.height, 'the whole text scrolls in a box of its own').toBeLessThanOrEqual(viewport.height * 0.4 + 1);
      expect(await whole.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), 'it wraps, however long the word').toBe(true);
      expect(await wide(), 'nothing runs past the right of the page').toBe(true);
      expect(await seatsTop(page), 'the seats did not move').toBe(top);
      await page.close();
      ws.close();
    });
  }
}
