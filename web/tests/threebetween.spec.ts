// Two browsers at a ThreeBeTween table: each plays through set-up to a drawn turn, with the
// actions offered as buttons (only the legal ones) and the keyboard.
import { expect, test } from '@playwright/test';
import { createTable, firstAction, joinByLink, whoActs } from './helpers';

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
