// Two browsers at a ThreeBeTween table: each plays through set-up to a drawn turn, with the
// actions offered as buttons (only the legal ones) and the keyboard.
import { expect, test } from '@playwright/test';
import { addBots, createTable, eventsOf, firstAction, joinByLink, lastTable, messages, whoActs } from './helpers';

test('two players play ThreeBeTween turns', async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const code = await createTable(a, { name: 'Ann', rules: 'threebetween', seats: 2 });
  await joinByLink(b, code, 'Bob');
  await a.getByTestId('start').click();
  const pages = [a, b];
  const drew = [false, false];
  for (let n = 0; n < 40 && !(drew[0] && drew[1]); n++) {
    const i = await whoActs(pages);
    if (i < 0) break;
    const p = pages[i];
    const draw = p.getByTestId('action-draw');
    if (!drew[i] && (await draw.isVisible())) {
      await p.keyboard.press('d');
      await expect(p.getByTestId('narration')).toContainText(`${i === 0 ? 'Ann' : 'Bob'} draws`);
      drew[i] = true;
      continue;
    }
    await firstAction(p).click();
  }
  expect(drew).toEqual([true, true]);
  for (const p of pages) {
    await expect(p.getByTestId('score-sheet')).toBeVisible();
    await expect(p.getByTestId('tb-player-Ann')).toBeVisible();
    await expect(p.getByTestId('tb-player-Bob')).toBeVisible();
    await expect(p.getByTestId('narration')).toContainText('Ann lays the limits');
    await expect(p.getByTestId('narration')).toContainText('Bob lays the limits');
    await expect(p.getByTestId('narration')).toContainText('Bob draws');
  }
});

test('End turn with cards that fit asks first, and busts only when told to', async ({ page }) => {
  await createTable(page, { name: 'Ann', rules: 'threebetween', seats: 2 });
  await addBots(page, 1);
  await page.getByTestId('start').click();
  const act = (id: string) => page.getByTestId(`action-${id}`).first();
  let asked = false;
  for (let n = 0; n < 80 && !asked; n++) {
    const i = await whoActs([page]);
    if (i < 0) break;
    if ((await act('place').isVisible()) && (await act('end_turn').isVisible())) {
      // Ann drew cards that fit and placed none: End turn would bust her.
      const busts = page.getByTestId('narration').locator('li', { hasText: 'Ann busts' });
      const before = await busts.count();
      await act('end_turn').click();
      const confirm = page.getByTestId('confirm-end-turn');
      await expect(confirm).toContainText('bust');
      await expect(act('place')).toBeDisabled();
      await page.getByTestId('confirm-no').click();
      await expect(confirm).toHaveCount(0);
      await expect(act('place')).toBeEnabled();
      await expect(busts).toHaveCount(before);
      // the key asks too; told to, the turn ends in a bust
      await page.keyboard.press('e');
      await expect(confirm).toBeVisible();
      await page.getByTestId('confirm-yes').click();
      await expect(busts).toHaveCount(before + 1);
      await expect(busts.last()).toHaveText(/^Ann busts \(nothing placed\)/);
      asked = true;
      break;
    }
    for (const id of ['draw', 'keep', 'place_limits', 'bank']) {
      if (await act(id).isVisible()) {
        await act(id).click();
        break;
      }
      if (id === 'bank') await firstAction(page).click();
    }
  }
  expect(asked).toBe(true);
});

test('a bust shows the cards that caused it, not "no limits"', async ({ page }) => {
  const msgs = messages(page);
  await createTable(page, { name: 'Ann', rules: 'threebetween', seats: 2 });
  await addBots(page, 1);
  await page.getByTestId('start').click();
  const act = (id: string) => page.getByTestId(`action-${id}`).first();
  // Ann draws whenever she may and places the first card that fits: sooner or later a draw
  // brings nothing that fits.
  const busts = () => eventsOf(msgs).filter((e) => e.type === 'bust' && e.player === 'Ann' && e.reason === 'nothing_placed');
  for (let n = 0; n < 200 && !busts().length; n++) {
    const i = await whoActs([page]);
    if (i < 0) break;
    // each move answered before the next look (a bust must be the last thing Ann did)
    const moves = Number(lastTable(msgs)?.moves);
    const answered = () => expect.poll(() => Number(lastTable(msgs)?.moves)).toBeGreaterThan(moves);
    for (const id of ['place', 'draw', 'keep', 'place_limits']) {
      if (await act(id).isVisible()) {
        await act(id).click();
        break;
      }
      if (id === 'place_limits') await firstAction(page).click();
    }
    await answered();
  }
  expect(busts().length).toBeGreaterThan(0);
  // the cards she drew for the bust: the `drew` events just before it (each then discarded)
  const events = eventsOf(msgs);
  const at = events.indexOf(busts()[0]);
  const drawn: string[] = [];
  for (let k = at - 1; k >= 0 && events[k].player === 'Ann' && (events[k].type === 'drew' || events[k].type === 'discarded'); k--) {
    if (events[k].type === 'drew') drawn.unshift(events[k].card);
  }
  expect(drawn.length).toBeGreaterThan(0);
  // The page keeps the bust on Ann's row until she acts again (also when it ended the round).
  const row = page.getByTestId('tb-player-Ann');
  await expect(row.getByTestId('bust')).toBeVisible();
  await expect(row.getByTestId('bust-drawn').locator('[data-card]')).toHaveCount(drawn.length);
  expect(await row.getByTestId('bust-drawn').locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')))).toEqual(drawn);
  await expect(row.getByTestId('bust-word')).toBeVisible();
  await expect(row.getByTestId('bust-word')).toContainText('none fits between');
  await expect(row).not.toContainText('no limits');
});

test("the hint at laying the limits marks one best layout", async ({ page }) => {
  await createTable(page, { name: 'Ann', rules: 'threebetween', seats: 2 });
  await addBots(page, 1);
  await page.getByTestId('start').click();
  const act = (id: string) => page.getByTestId(`action-${id}`).first();
  let seen = false;
  for (let n = 0; n < 40 && !seen; n++) {
    const i = await whoActs([page]);
    if (i < 0) break;
    if (await act('place_limits').isVisible()) {
      await page.getByTestId('hint-button').click();
      await expect(page.locator('.hint-table')).toBeVisible({ timeout: 30_000 });
      expect(await page.locator('.hint-table tbody tr').count()).toBeGreaterThanOrEqual(2); // the limits either way round (and a vowel's letters)
      await expect(page.locator('.hint-table .best-row')).toHaveCount(1);
      seen = true;
      break;
    }
    await firstAction(page).click();
  }
  expect(seen).toBe(true);
});

test('the score sheet shows each round tallied: its score, its banks, a bust', async ({ page }) => {
  const msgs = messages(page);
  await createTable(page, { name: 'Ann', rules: 'threebetween', seats: 2 });
  await addBots(page, 1);
  await page.getByTestId('start').click();
  const act = (id: string) => page.getByTestId(`action-${id}`).first();
  const tallies = () => eventsOf(msgs).filter((e) => e.type === 'tally');
  // Ann passes as soon as she may: the rounds end quickly
  for (let n = 0; n < 60 && tallies().length < 4; n++) {
    const i = await whoActs([page]);
    if (i < 0) break;
    const moves = Number(lastTable(msgs)?.moves);
    if (await act('pass').isVisible()) await act('pass').click();
    else await firstAction(page).click();
    await expect.poll(() => Number(lastTable(msgs)?.moves)).toBeGreaterThan(moves);
  }
  expect(tallies().length).toBeGreaterThanOrEqual(2); // a round of two players, tallied
  await whoActs([page]);
  const sheet = page.getByTestId('score-sheet');
  await expect(sheet.locator('thead th', { hasText: 'r1' })).toBeVisible();
  // round 1's column: each player's tally, or "bust"
  const round1 = new Map<string, any>();
  for (const e of tallies()) if (!round1.has(e.player)) round1.set(e.player, e);
  const busted = new Set(eventsOf(msgs).slice(0, eventsOf(msgs).indexOf(tallies()[1]) + 1).filter((e) => e.type === 'bust').map((e) => e.player));
  for (const [name, e] of round1) {
    const cell = sheet.locator('tbody tr', { has: page.locator('th', { hasText: name }) }).locator('td').first();
    await expect(cell).toHaveText(busted.has(name) ? /^bust/ : new RegExp(`^${e.round}( \\(|$)`));
  }
});
