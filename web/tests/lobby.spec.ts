// The lobby: knob overrides, pasted rule text, a refused knob, the open tables, join by code.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { addBots, createTable, joinByLink } from './helpers';

test('knob overrides reach the game', async ({ page }) => {
  await createTable(page, { name: 'Ann', rules: 'hoyle', seats: 2, knobs: 'start_chips=50' });
  await addBots(page, 1);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('seat-0')).toContainText(/(4[5-9]|5\d) chips/);
});

test('a refused knob is told in the lobby', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('name-input').fill('Ann');
  await page.getByTestId('preset-select').selectOption('hoyle');
  await page.getByTestId('knobs-input').fill('no_such_knob=3');
  await page.getByTestId('create').click();
  await expect(page.getByTestId('lobby-error')).not.toBeEmpty();
  await expect(page.getByTestId('lobby')).toBeVisible();
});

test('a table from pasted rule text', async ({ page }) => {
  // 30 deals, so that the game waits for Ann (two deals can pass without a question to her).
  const text = readFileSync(new URL('../../rules/hoyle.toml', import.meta.url), 'utf8')
    .replace('name = "hoyle"', 'name = "pasted"')
    .replace('deals = "each-dealer-once"', 'deals = 30');
  await page.goto('/');
  await page.getByTestId('name-input').fill('Ann');
  await page.locator('summary', { hasText: 'paste a rule file' }).click();
  await page.getByTestId('rules-text-input').fill(text);
  await page.getByTestId('seats-input').fill('2');
  await page.getByTestId('create').click();
  await expect(page.getByTestId('waiting')).toBeVisible();
  await addBots(page, 1);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('table-status')).toContainText('in play');
  await expect(page.getByTestId('posts')).toBeVisible();
});

test('open tables are listed and joined by code', async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const code = await createTable(a, { name: 'Ann', rules: 'red-dog', seats: 2 });
  await b.goto('/');
  await b.getByTestId('refresh-tables').click();
  await expect(b.getByTestId(`open-table-${code}`)).toContainText('red-dog');
  await b.getByTestId('name-input').fill('Bob');
  await b.getByTestId('join-code-input').fill(code.toLowerCase());
  await b.getByTestId('join').click();
  await expect(b.getByTestId('table-code')).toHaveText(code);
  await expect(b.locator('.seat.me')).toContainText('Bob');
  await expect(a.getByTestId('seat-1')).toContainText('Bob');
});

test('a private table is not listed but joined by its link', async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const hidden = await createTable(a, { name: 'Ann', rules: 'hoyle', seats: 2, private: true });
  const shown = await createTable(b, { name: 'Cy', rules: 'hoyle', seats: 3 });
  await b.getByTestId('home').click();
  await b.getByTestId('refresh-tables').click();
  await expect(b.getByTestId(`open-table-${shown}`)).toBeVisible();
  await expect(b.getByTestId(`open-table-${hidden}`)).toHaveCount(0);
  await joinByLink(b, hidden, 'Bob');
  await expect(a.getByTestId('seat-1')).toContainText('Bob');
});
