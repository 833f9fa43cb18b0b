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

/** The last `table` message the page got. */
export function lastTable(msgs: Record<string, any>[]): Record<string, any> | undefined {
  return msgs.filter((m) => m.type === 'table').at(-1);
}

/** Waits until `name` may act (a decision other than buying chips) and the page has drawn that
 * message; returns it. */
export async function decisionOf(page: Page, msgs: Record<string, any>[], name = 'Ann', timeout = 20_000): Promise<Record<string, any>> {
  await expect
    .poll(() => lastTable(msgs)?.to_act === name && lastTable(msgs)?.legal?.actions.some((a: any) => a.type !== 'rebuy'), { timeout })
    .toBe(true);
  const t = lastTable(msgs)!;
  await caughtUp(page, t.moves, timeout);
  await expect(page.getByTestId('status')).toHaveText('Your turn.');
  return t;
}

/** Waits until the page has drawn the message of `moves` moves. The page draws a message only
 * once the third card before it has landed; where a test slows that down, each card landing is
 * tapped (a tap lands only the card landing now: the next message waits for it). */
export async function caughtUp(page: Page, moves: number, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      async () => {
        // looked at and tapped in one go inside the page, so that the tap cannot land the card of
        // the very message waited for (drawn between a look and a tap)
        return page.evaluate((target) => {
          if (document.querySelector('[data-testid=table-view]')?.getAttribute('data-moves') === target) return true;
          if (document.querySelector('.held')) (document.querySelector('.board-slot') as HTMLElement | null)?.click();
          return false;
        }, String(moves));
      },
      { timeout },
    )
    .toBe(true);
}

/** A settled deal of a pot game, read from the events: whose, its posts, its third card. */
export interface SettledDeal {
  player: string;
  posts: string[];
  third: string | null;
}

/** Every settled deal of a pot game's events, in order (docs/protocol.md's events). */
export function settledDeals(events: Record<string, any>[]): SettledDeal[] {
  const out: SettledDeal[] = [];
  let cur: SettledDeal | null = null;
  for (const e of events) {
    if (e.type === 'post_dealt') {
      if (!cur || cur.posts.length >= 2 || cur.player !== e.player) cur = { player: e.player, posts: [], third: null };
      cur.posts.push(e.card);
    } else if (e.type === 'posts_replaced' && cur) {
      cur.posts = [];
    } else if (cur && (e.type === 'third_card' || e.type === 'pair_paid' || e.type === 'consecutive_loss' || e.type === 'pass')) {
      if (e.type === 'third_card') cur.third = e.card;
      out.push(cur);
      cur = null;
    }
  }
  return out;
}
