// The table as it happens: the third card on the board after a bet, the banker's off-turn
// controls, the turn clock and a bot that moves for a connected player who stays idle.
import { expect, test, type Page } from '@playwright/test';
import { cardLabel } from '../src/cards';
import { addBots, createTable, eventsOf, joinByLink, messages, whoActs } from './helpers';

test('the third card lands on the board between the posts and stays there', async ({ page }) => {
  const msgs = messages(page);
  await createTable(page, { name: 'Ann', rules: 'hoyle', seats: 2, knobs: 'deals=30' });
  await addBots(page, 1);
  await page.getByTestId('start').click();
  const board = page.getByRole('region', { name: 'The table' });
  let checked = false;
  for (let turn = 0; turn < 30 && !checked; turn++) {
    // Ann's turn, and the page has drawn the message that says so.
    await expect.poll(() => lastTable(msgs)?.to_act === 'Ann' && lastTable(msgs)?.legal?.actions.length > 0, { timeout: 20_000 }).toBe(true);
    await expect(page.getByTestId('table-view')).toHaveAttribute('data-moves', String(lastTable(msgs)?.moves));
    await expect(page.getByTestId('status')).toHaveText('Your turn.');
    // The game waits for Ann now. The last third card dealt, and the posts dealt since it: two
    // (Ann's own) means its deal is the last one settled, which the board must show.
    const events = eventsOf(msgs);
    const at = events.map((e) => e.type).lastIndexOf('third_card');
    if (at >= 0 && events.slice(at).filter((e) => e.type === 'post_dealt').length === 2) {
      const third = events[at];
      const posts = events.slice(0, at).filter((e) => e.type === 'post_dealt').slice(-2).map((e) => e.card);
      // its spoken label, in the board region, and the deal's posts either side of it
      await expect(board.getByRole('img', { name: cardLabel(third.card), exact: true }).first()).toBeVisible();
      await expect(board.getByTestId('third-card')).toHaveAttribute('data-card', third.card);
      await expect(board.getByTestId('deal-post-0')).toHaveAttribute('data-card', posts[0]);
      await expect(board.getByTestId('deal-post-1')).toHaveAttribute('data-card', posts[1]);
      await expect(board.getByTestId('deal-outcome')).not.toBeEmpty();
      // and the posts of the decision now, beside it
      await expect(board.getByTestId('post-0')).toBeVisible();
      checked = true;
      break;
    }
    const bets = annBets(msgs);
    await page.getByTestId('action-bet').click();
    await expect.poll(() => annBets(msgs)).toBeGreaterThan(bets);
  }
  expect(checked).toBe(true);
});

function lastTable(msgs: Record<string, any>[]): Record<string, any> | undefined {
  return msgs.filter((m) => m.type === 'table').at(-1);
}

function annBets(msgs: Record<string, any>[]): number {
  return eventsOf(msgs).filter((e) => e.type === 'bet' && e.player === 'Ann').length;
}

async function sync(p: Page, text: string): Promise<void> {
  // A chat line goes through the server after anything sent before it: once it is back, a
  // message the page sent earlier would have been answered.
  await p.getByTestId('chat-input').fill(text);
  await p.getByTestId('chat-send').click();
  await expect(p.getByTestId('chat-list')).toContainText(text);
}

test('banker: off turn the page does not act as if it were your turn', async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const code = await createTable(a, { name: 'Ann', rules: 'banker', seats: 2 });
  await joinByLink(b, code, 'Bob');
  await a.getByTestId('start').click();
  const i = await whoActs([a, b]);
  expect(i).toBeGreaterThanOrEqual(0);
  const on = [a, b][i];
  const off = [a, b][1 - i];
  const onName = i === 0 ? 'Ann' : 'Bob';

  // the one to act: marked, and the digits follow the buttons as shown
  await expect(on.locator('.controls.my-turn')).toHaveCount(1);
  expect(await on.title()).toContain('your turn');
  const digits = await on.getByTestId('actions').locator('kbd.digit').allTextContents();
  expect(digits).toEqual(digits.map((_, k) => String(k + 1)));
  await expect(on.getByTestId('action-rebuy').locator('kbd')).toHaveCount(0);

  // the other: no marking, not "your turn", no hint, and no key buys chips
  await expect(off.getByTestId('status')).toHaveText(`${onName} to act.`);
  await expect(off.locator('.controls.my-turn')).toHaveCount(0);
  expect(await off.title()).not.toContain('your turn');
  await expect(off.getByTestId('hint-button')).toHaveCount(0);
  const chips = await off.locator('.seat.me .stack').textContent();
  await off.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await off.keyboard.press('1');
  await off.keyboard.press('h');
  await expect(off.getByTestId('hint')).toContainText('not your turn');
  await sync(off, 'after the key');
  await expect(off.getByTestId('narration')).not.toContainText('buys');
  await expect(off.locator('.seat.me .stack')).toHaveText(chips ?? '');

  // buying chips off turn is a button, and asks first
  await off.getByTestId('rebuy').locator('summary').click();
  await off.getByTestId('rebuy-input').fill('2');
  await off.getByTestId('action-rebuy').click();
  await expect(off.getByTestId('action-rebuy')).toHaveText('Confirm: buy 2 chips');
  await expect(off.getByTestId('narration')).not.toContainText('buys');
  await off.getByTestId('action-rebuy').click();
  await expect(off.getByTestId('narration')).toContainText(`${onName === 'Ann' ? 'Bob' : 'Ann'} buys 2 chips.`);
  await expect(off.locator('.controls.my-turn')).toHaveCount(0);
});

/** Ann's hoyle table of 30 deals against a sensible bot, started, with a turn clock of `timeout` seconds. */
async function annAgainstABot(page: Page, timeout: number): Promise<void> {
  await createTable(page, { name: 'Ann', rules: 'hoyle', seats: 2, knobs: 'deals=30', timeout });
  await addBots(page, 1);
  await page.getByTestId('start').click();
}

test('the turn clock counts down the server deadline', async ({ page }) => {
  await annAgainstABot(page, 90);
  await expect(page.getByTestId('status')).toHaveText('Your turn.', { timeout: 20_000 });
  const clock = page.getByTestId('countdown');
  await expect(clock).toBeVisible();
  await expect(clock).toHaveText(/^\d+ s$/);
  const left = Number((await clock.textContent())?.replace(' s', ''));
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThanOrEqual(90);
  await expect(page.getByTestId('rules-title')).toContainText('90 s a turn');
});

test('a bot moves for a connected player who stays idle past the timeout', async ({ page }) => {
  const msgs = messages(page);
  await annAgainstABot(page, 1);
  // Ann never touches the table; her bets come anyway, one timeout each, and the play-by-play says
  // who made them.
  const said = page.getByTestId('narration').locator('li', { hasText: /^Time ran out: a bot bet \d+ for Ann\.$/ }).first();
  await expect(said).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('narration').locator('li', { hasText: /^Ann bets \d+\.$/ })).toHaveCount(0);
  // the server marked the move in the events, before it
  const events = eventsOf(msgs);
  const marker = events.findIndex((e) => e.type === 'played_for');
  expect(events[marker]).toEqual({ type: 'played_for', player: 'Ann', reason: 'clock', bot: 'sensible' });
  expect(events[marker + 1]).toMatchObject({ type: 'bet', player: 'Ann' });
  await expect(page.getByTestId('seat-0')).not.toContainText('away');
  await expect(page.getByTestId('seat-0')).not.toContainText('offline');
  // the server said how long she had, before the bot moved
  expect(msgs.some((m) => m.type === 'table' && typeof m.turn_left_ms === 'number' && m.to_act === 'Ann')).toBe(true);
});

test('a player idle three turns in a row is marked away, the table waits, and I am back brings them back', async ({ page }) => {
  await annAgainstABot(page, 1);
  // Three of her turns pass on her clock; then a bot plays her seat, and with nobody here the table waits.
  await expect(page.getByTestId('seat-0')).toContainText('away', { timeout: 30_000 });
  const back = page.getByTestId('back');
  await expect(back).toBeVisible();
  await expect(page.getByTestId('status')).toHaveText("A bot plays your seat while you are away: press I'm back.");
  // away, the tab does not call it her turn (the bot's, whoever is to act)
  expect(await page.title()).not.toContain('your turn');
  const narrated = await page.getByTestId('narration').locator('li').count();
  await back.click();
  await expect(page.getByTestId('seat-0')).not.toContainText('away');
  await expect(page.getByTestId('back')).toHaveCount(0);
  // Back: the game goes on (her clock, the bot's moves).
  await expect.poll(async () => page.getByTestId('narration').locator('li').count(), { timeout: 20_000 }).toBeGreaterThan(narrated);
});
