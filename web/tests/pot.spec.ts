// Two browsers at one Hoyle table: join by link, play the game out, see the standings; a reload
// keeps the seat; chat shows text as text.
import { expect, test } from '@playwright/test';
import { cardLabel } from '../src/cards';
import { createTable, watchCsp, firstAction, joinByLink, messages, whoActs } from './helpers';

test('two players play a pot game to the end', async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const bMsgs = messages(b);
  // The server's Content-Security-Policy (self only, no inline style): the page needs nothing else.
  const refused = [await watchCsp(a), await watchCsp(b)];
  const code = await createTable(a, { name: 'Ann', rules: 'hoyle', seats: 2 });
  await expect(a.getByTestId('join-link')).toContainText(`#${code}`);
  await joinByLink(b, code, 'Bob');
  await expect(a.getByTestId('seat-1')).toContainText('Bob');
  await expect(a.getByTestId('start')).toBeEnabled();
  await a.getByTestId('start').click();
  await expect(a.getByTestId('table-status')).toContainText('in play');
  await expect(b.getByTestId('table-status')).toContainText('in play');
  await expect(a.getByTestId('commit')).toHaveText(/^[0-9a-f]{64}$/);

  const pages = [a, b];
  let moves = 0;
  for (;;) {
    const i = await whoActs(pages);
    if (i < 0) break;
    const p = pages[i];
    await expect(p.getByTestId('status')).toHaveText('Your turn.');
    const bet = p.getByTestId('bet-input');
    if (await bet.isVisible()) {
      const min = Number(await bet.getAttribute('min'));
      const max = Number(await bet.getAttribute('max'));
      expect(min).toBeLessThanOrEqual(max);
      await bet.fill(String(max));
      await p.keyboard.press('Enter');
    } else {
      await firstAction(p).click();
    }
    moves += 1;
    expect(moves).toBeLessThan(100);
  }
  expect(moves).toBeGreaterThan(0);
  for (const p of pages) {
    await expect(p.getByTestId('after-game')).toBeVisible();
    await expect(p.getByTestId('standings').locator('li')).toHaveCount(2);
    await expect(p.getByTestId('seed')).toHaveText(/^\d+$/);
    await expect(p.getByTestId('narration')).toContainText('The game is over.');
  }
  await expect(a.getByTestId('verify-link')).toHaveAttribute('href', `/tables/${code}/verify`);
  for (const r of refused) expect(await r()).toEqual([]);
  await expect(a.getByTestId('again')).toBeVisible();
  await expect(b.getByTestId('again')).toHaveCount(0);
  const log = await a.request.get(`/tables/${code}/log`);
  expect(log.ok()).toBeTruthy();
  expect((await log.text()).split('\n')[0]).toContain('"cmd":"new"');

  // the step-through of the game
  await b.getByTestId('replay-button').click();
  await expect(b.getByTestId('replay')).toBeVisible();
  await expect(b.getByTestId('replay-label')).toContainText('Step 0 of');
  await b.keyboard.press('End');
  await expect(b.getByTestId('replay-label')).not.toContainText('Step 0 of');
  // a bet's step shows the bettor's posts (the state before the step) and the third card
  await expect.poll(() => bMsgs.some((m) => m.type === 'replay')).toBe(true);
  const steps = bMsgs.find((m) => m.type === 'replay')!.steps as Record<string, any>[];
  const i = steps.findIndex((st) => st.action?.type === 'bet' && st.events.some((e: { type: string }) => e.type === 'third_card'));
  if (i > 0) {
    const third = steps[i].events.find((e: { type: string }) => e.type === 'third_card').card;
    const posts = steps[i - 1].state.posts;
    await b.keyboard.press('Home');
    for (let k = 0; k < i; k++) await b.keyboard.press('ArrowRight');
    await expect(b.getByTestId('replay-label')).toHaveText(new RegExp(`^Step ${i} of \\d+ \u2014 ${steps[i].player}: Bet \\d+$`));
    const view = b.getByTestId('replay');
    await expect(view.getByTestId('deal-post-0')).toHaveAttribute('data-card', posts[0]);
    await expect(view.getByTestId('deal-post-1')).toHaveAttribute('data-card', posts[1]);
    await expect(view.getByTestId('third-card')).toHaveAttribute('data-card', third);
    await expect(view.getByRole('img', { name: cardLabel(third), exact: true }).first()).toBeVisible();
  } else {
    // every bet of this game ended without a third card? Hoyle always deals one after a bet.
    throw new Error(`no bet with a third card among ${steps.length} steps`);
  }

  // play again: a new game with a new commitment
  const commit = await a.getByTestId('commit').textContent();
  await a.getByTestId('again').click();
  // docs/server.md: `again` starts the next game. The server of commit 6575003 makes game 2 and
  // waits for a `start` instead; the page serves both (the host gets the Start button).
  await expect(a.getByTestId('table-status')).toContainText(/game 2 in play|waiting/);
  if (await a.getByTestId('start').isVisible()) await a.getByTestId('start').click();
  await expect(a.getByTestId('table-status')).toContainText('game 2 in play');
  await expect(a.getByTestId('commit')).not.toHaveText(commit ?? '');
  await expect(a.getByTestId('seed')).not.toHaveText(/^\d+$/);
  // the finished game stays on the page: its standings, verify and log
  const earlier = a.getByTestId('earlier-game');
  await expect(earlier).toContainText('Game 1');
  await earlier.locator('summary').click();
  await expect(earlier.getByTestId('standings').locator('li')).toHaveCount(2);
  await expect(earlier.getByTestId('verify-link')).toHaveAttribute('href', `/tables/${code}/verify?game=1`);
});

test('a reload resumes the seat, and chat is text', async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const code = await createTable(a, { name: 'Ann', rules: 'banker', seats: 2 });
  await joinByLink(b, code, 'Bob');
  await a.getByTestId('start').click();
  await expect(b.getByTestId('table-status')).toContainText('in play');

  await b.reload();
  await expect(b.getByTestId('table-code')).toHaveText(code);
  await expect(b.locator('.seat.me')).toContainText('Bob');
  await expect(b.getByTestId('table-status')).toContainText('in play');
  await expect(b.getByTestId('narration')).toContainText('antes');
  // still able to act when it is Bob's turn: whoever acts first, Bob's page knows its seat
  const i = await whoActs([a, b]);
  expect(i).toBeGreaterThanOrEqual(0);

  await a.getByTestId('chat-input').fill('<b>hi</b> & <img src=x onerror=alert(1)>');
  await a.getByTestId('chat-send').click();
  const line = b.getByTestId('chat-list').locator('li').last();
  await expect(line).toHaveText('Ann: <b>hi</b> & <img src=x onerror=alert(1)>');
  await expect(b.getByTestId('chat-list').locator('b, img')).toHaveCount(0);
});

test('a spectator watches by link', async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const w = await (await browser.newContext()).newPage();
  // 30 deals, so that the game waits for Ann (two deals can pass without a question to her).
  const code = await createTable(a, { name: 'Ann', rules: 'hoyle', seats: 2, knobs: 'deals=30' });
  await a.getByTestId('add-bot').click();
  await a.getByTestId('start').click();
  await w.goto(`/#${code}`);
  await expect(w.getByTestId('table-status')).toContainText('in play');
  await expect(w.locator('.seat.me')).toHaveCount(0);
  await expect(w.getByTestId('actions').locator('button')).toHaveCount(0);
  await expect(w.getByTestId('posts')).toBeVisible();
});
