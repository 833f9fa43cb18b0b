// Shared steps of the browser tests: create a table, join it by its link, find whose turn it is.
import { expect, type Page } from '@playwright/test';

export async function createTable(page: Page, o: { name: string; rules: string; seats: number; knobs?: string; base?: string; timeout?: number; private?: boolean }): Promise<string> {
  await page.goto(`${o.base ?? ''}/`);
  await page.getByTestId('name-input').fill(o.name);
  await expect(page.getByTestId('preset-select').locator(`option[value="${o.rules}"]`)).toHaveCount(1);
  await page.getByTestId('preset-select').selectOption(o.rules);
  await page.getByTestId('seats-input').fill(String(o.seats));
  if (o.knobs) await page.getByTestId('knobs-input').fill(o.knobs);
  if (o.timeout) await page.getByTestId('timeout-input').fill(String(o.timeout));
  if (o.private) await page.getByTestId('private-input').check();
  await page.getByTestId('create').click();
  await expect(page.getByTestId('waiting')).toBeVisible();
  const code = (await page.getByTestId('table-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]+$/);
  await expect(page).toHaveURL(new RegExp(`#${code}$`));
  return code;
}

export async function joinByLink(page: Page, code: string, name: string): Promise<void> {
  await page.goto(`/#${code}`);
  await page.getByTestId('seat-name-input').fill(name);
  await page.getByTestId('join-seat').click();
  await expect(page.locator('.seat.me')).toContainText(name);
}

export async function addBots(page: Page, n: number, kind = 'sensible'): Promise<void> {
  for (let i = 0; i < n; i++) {
    const filled = await page.locator('.seat:not(.empty)').count();
    await page.getByTestId('bot-kind').selectOption(kind);
    await page.getByTestId('add-bot').click();
    await expect(page.locator('.seat:not(.empty)')).toHaveCount(filled + 1);
  }
}

// A turn's buttons (not buying chips, which some rules allow at any time).
const enabledAction = '[data-testid=actions] button.act:not([disabled]):not(.act-rebuy)';

/** Waits until one of the pages may act (its index) or the game is over (-1). */
export async function whoActs(pages: Page[], timeout = 30_000): Promise<number> {
  let who = -2;
  await expect
    .poll(
      async () => {
        for (let i = 0; i < pages.length; i++) {
          if (await pages[i].getByTestId('after-game').isVisible()) return (who = -1);
          if (await pages[i].locator(enabledAction).first().isVisible()) return (who = i);
        }
        return (who = -2);
      },
      { timeout, intervals: [50, 100, 200] },
    )
    .toBeGreaterThan(-2);
  return who;
}

export function firstAction(page: Page) {
  return page.locator(enabledAction).first();
}

/** Every server message the page gets from now on (attach before `goto`). */
export function messages(page: Page): Record<string, any>[] {
  const out: Record<string, any>[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      try {
        out.push(JSON.parse(String(f.payload)));
      } catch {
        /* not JSON */
      }
    }),
  );
  return out;
}

/** The events of every `table` message so far, in order. */
export function eventsOf(msgs: Record<string, any>[]): Record<string, any>[] {
  return msgs.filter((m) => m.type === 'table').flatMap((m) => m.events ?? []);
}

/** Adds a CSS rule to the page's own style sheet (app.css): the server's Content-Security-Policy
 * allows no inline <style>, so a test's rule goes in through the CSSOM as the page's own would. */
export async function addRule(page: Page, rule: string): Promise<void> {
  await page.evaluate((css) => {
    const sheet = [...document.styleSheets].find((s) => s.href?.endsWith('/app.css')) ?? document.styleSheets[0];
    sheet.insertRule(css, sheet.cssRules.length);
  }, rule);
}

/** Watches for Content-Security-Policy refusals from now on (call before `goto`); the function
 * returned reads those the page has met. */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { cspRefused: string[] };
    w.cspRefused = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspRefused.push(`${e.violatedDirective}: ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`));
  });
  return () => page.evaluate(() => (window as unknown as { cspRefused?: string[] }).cspRefused ?? []);
}
