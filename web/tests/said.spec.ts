// What the table says and keeps: chat comes back after a reload and to those who arrive later; a
// move the clock made is said as such in the play-by-play, the log and the step-through; a bet
// shows its exact chance, and a bet that cannot win asks first.
import { expect, test } from '@playwright/test';
import { eventText } from '../src/narration';
import { addBots, createTable, decisionOf, lastTable, messages } from './helpers';

test('chat is kept: after a reload, and for a spectator and a late joiner', async ({ browser }) => {
  const ann = await (await browser.newContext()).newPage();
  const code = await createTable(ann, { name: 'Ann', rules: 'hoyle', seats: 2, knobs: 'deals=30' });
  await ann.getByTestId('chat-input').fill('hello from Ann');
  await ann.getByTestId('chat-send').click();
  await expect(ann.getByTestId('chat-list')).toContainText('hello from Ann');
  await ann.reload();
  await expect(ann.getByTestId('chat-list')).toContainText('Ann: hello from Ann');
  await expect(ann.getByTestId('chat-list').locator('li')).toHaveCount(1); // not twice
  // someone who opens the link watches first, then sits down: both see it
  const bob = await (await browser.newContext()).newPage();
  await bob.goto(`/#${code}`);
  await expect(bob.getByTestId('chat-list')).toContainText('Ann: hello from Ann');
  await bob.getByTestId('chat-input').fill('a spectator says hi');
  await bob.getByTestId('chat-send').click();
  await expect(ann.getByTestId('chat-list')).toContainText('watcher: a spectator says hi');
  await bob.getByTestId('seat-name-input').fill('Bob');
  await bob.getByTestId('join-seat').click();
  await expect(bob.locator('.seat.me')).toContainText('Bob');
  await expect(bob.getByTestId('chat-list').locator('li')).toHaveText(['Ann: hello from Ann', 'watcher: a spectator says hi']);
});

test('a move the clock made is said so: the play-by-play, the log and the step-through', async ({ page }) => {
  // Two deals of two players, a 1 s clock: Ann never moves, her turns are the clock's. (Both her
  // deals can be pairs or consecutive posts, settled without asking her, in about one game in 25:
  // then another table.)
  let marks: Record<string, any>[] = [];
  for (let tries = 0; tries < 4 && !marks.length; tries++) {
    const msgs = messages(page);
    await createTable(page, { name: 'Ann', rules: 'hoyle', seats: 2, knobs: 'deals=2', timeout: 1 });
    await addBots(page, 1);
    await page.getByTestId('start').click();
    await expect(page.getByTestId('after-game')).toBeVisible({ timeout: 30_000 });
    marks = msgs.filter((m) => m.type === 'table').flatMap((m) => m.events ?? []).filter((e: any) => e.type === 'played_for');
  }
  expect(marks.length).toBeGreaterThan(0);
  await expect(page.getByTestId('narration').locator('li.played-for').first()).toHaveText(/^Time ran out: a bot (bet \d+|called the ace \w+) for Ann\.$/);
  // the log marks it
  const log = await (await page.request.get(await page.getByTestId('log-link').getAttribute('href') ?? '')).text();
  expect(log).toContain('"by":"clock"');
  // and the step-through
  await page.getByTestId('replay-button').click();
  await expect(page.getByTestId('replay')).toBeVisible();
  const slider = page.getByTestId('replay-slider');
  const steps = Number(await slider.getAttribute('max'));
  let found = false;
  for (let i = 1; i <= steps && !found; i++) {
    await slider.fill(String(i));
    found = /Ann: .*\(time ran out: a bot played\)$/.test((await page.getByTestId('replay-label').textContent()) ?? '');
  }
  expect(found).toBe(true);
});

test('a bet shows its exact chance, and a bet that cannot win asks first', async ({ page }) => {
  const msgs = messages(page);
  // Banker: consecutive posts are played, so a bet on them cannot win (nothing falls between).
  await createTable(page, { name: 'Ann', rules: 'banker', seats: 2, knobs: 'deals=200' });
  await addBots(page, 1);
  await page.getByTestId('start').click();
  let chanceSeen = false;
  let confirmed = false;
  for (let n = 0; n < 150 && !(chanceSeen && confirmed); n++) {
    const t = await decisionOf(page, msgs);
    const s = t.state;
    if (!t.legal.actions.some((a: any) => a.type === 'bet')) {
      await page.locator('[data-testid=actions] button.act:not([disabled]):not(.act-rebuy)').first().click();
      await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(t.moves);
      continue;
    }
    // the chance beside the bet is the engine's: its odds, asked by the page without a word
    await expect(page.getByTestId('win-chance')).toHaveText(/^Chance to win: \d+ of \d+ cards \(\d+\.\d%\)\.$/);
    const odds = msgs.filter((m) => m.type === 'hint').at(-1)!.hint.odds;
    await expect(page.getByTestId('win-chance')).toContainText(`${odds.between} of ${odds.cards} cards`);
    await expect(page.getByTestId('hint').locator('.hint-table')).toHaveCount(0); // the hint panel stays shut
    chanceSeen = true;
    if (s.spread === 0) {
      await expect(page.getByTestId('cannot-win')).toBeVisible();
      expect(odds.between).toBe(0);
      await page.getByTestId('bet-input').fill(String(t.legal.actions.find((a: any) => a.type === 'bet').max));
      await page.getByTestId('action-bet').click();
      await expect(page.getByTestId('action-bet')).toContainText('cannot win');
      expect(lastTable(msgs)?.moves).toBe(t.moves); // nothing sent yet
      // the smallest bet, confirmed: the rules allow it
      await page.getByTestId('bet-input').fill('1');
      await expect(page.getByTestId('action-bet')).not.toContainText('cannot win');
      await page.getByTestId('action-bet').click();
      await page.getByTestId('action-bet').click();
      await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(t.moves);
      confirmed = true;
      continue;
    }
    await expect(page.getByTestId('cannot-win')).toHaveCount(0);
    await page.getByTestId('action-bet').click();
    await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(t.moves);
  }
  expect(chanceSeen).toBe(true);
  expect(confirmed).toBe(true);
});

test('after a reload, older events come a page at a time in the play-by-play, not on the board', async ({ page }) => {
  const msgs = messages(page);
  await createTable(page, { name: 'Ann', rules: 'banker', seats: 2, knobs: 'deals=500' });
  await addBots(page, 1);
  await page.getByTestId('start').click();
  // past one message's 500 events
  for (let n = 0; n < 200 && (lastTable(msgs)?.event_count ?? 0) <= 560; n++) {
    const t = await decisionOf(page, msgs);
    const pass = page.getByTestId('action-pass');
    const act = (await pass.isVisible()) ? pass : page.locator('[data-testid=actions] button.act:not([disabled]):not(.act-rebuy)').first();
    await act.click();
    if ((await page.getByTestId('cannot-win').count()) && !(await pass.isVisible())) await act.click(); // confirmed
    await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(t.moves);
  }
  const board = Math.round((await page.locator('.pot-board').boundingBox())!.height);
  const k = msgs.length;
  await page.reload();
  await decisionOf(page, msgs);
  const from = msgs.slice(k).find((m) => m.type === 'table')!.events_from; // where the page's story starts
  expect(from).toBeGreaterThan(0);
  // the board is as before, the play-by-play holds the last 500 events, and a button asks for more
  expect(Math.abs(Math.round((await page.locator('.pot-board').boundingBox())!.height) - board)).toBeLessThanOrEqual(4);
  const lines = page.getByTestId('narration').locator('li');
  const told = await lines.count();
  const earlier = page.getByTestId('earlier-events');
  await expect(earlier).toBeVisible();
  await earlier.click();
  await expect.poll(() => lines.count()).toBeGreaterThan(told);
  const reply = msgs.filter((m) => m.type === 'events').at(-1)!;
  expect(reply.from).toBe(Math.max(0, from - 500));
  // the oldest now told is the page's first event; the board did not move
  if (reply.from === 0) await expect(earlier).toBeHidden();
  const firstEvent = msgs.find((m) => m.type === 'table' && m.events_from === 0 && m.events?.length)!.events[0];
  await expect(lines.nth(1)).toHaveText(eventText(firstEvent, 'pot'));
  await expect(page.locator('[data-testid=actions] button.act').first()).toBeInViewport();
});
