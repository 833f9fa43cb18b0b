// Two browsers at a ThreeBeTween table: each plays through set-up to a drawn turn, with the
// actions offered as buttons (only the legal ones) and the keyboard.
import { expect, test } from '@playwright/test';
import { addBots, createTable, firstAction, joinByLink, whoActs } from './helpers';

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
