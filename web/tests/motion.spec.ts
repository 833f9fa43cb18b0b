// Red Dog's pay rates at the raise decision (the table's own, from its knobs), and chips moving
// between a seat and the pot: skippable, none under prefers-reduced-motion.
import { expect, test, type Page } from '@playwright/test';
import { addBots, addRule, createTable, eventsOf, messages, watchCsp } from './helpers';

function lastTable(msgs: Record<string, any>[]): Record<string, any> | undefined {
  return msgs.filter((m) => m.type === 'table').at(-1);
}

/** Waits until Ann may act and the page has drawn that message; returns the message. */
async function annsDecision(page: Page, msgs: Record<string, any>[]): Promise<Record<string, any>> {
  await expect.poll(() => lastTable(msgs)?.to_act === 'Ann' && lastTable(msgs)?.legal?.actions.some((a: any) => a.type !== 'rebuy'), { timeout: 20_000 }).toBe(true);
  const t = lastTable(msgs)!;
  await expect(page.getByTestId('table-view')).toHaveAttribute('data-moves', String(t.moves));
  await expect(page.getByTestId('status')).toHaveText('Your turn.');
  return t;
}

test('Red Dog: the raise decision says what this spread pays at this table', async ({ page }) => {
  const msgs = messages(page);
  // the table's own rates, not the preset's [5, 4, 2, 1] and 11
  await createTable(page, { name: 'Ann', rules: 'red-dog', seats: 1, knobs: 'spread_pays=[6, 3, 1], triple_pays=9, deals=40' });
  await page.getByTestId('start').click();
  const rates = [6, 3, 1];
  let seen = false;
  for (let hand = 0; hand < 40 && !seen; hand++) {
    const t = await annsDecision(page, msgs);
    const s = t.state;
    expect(s.pay_table).toEqual({ spread: rates, trips: 9 });
    await expect(page.getByTestId('pay-table')).toContainText('1: 6:1');
    await expect(page.getByTestId('pay-table')).toContainText('3+: 1:1');
    await expect(page.getByTestId('pay-table')).toContainText('trips: 9:1');
    // Red Dog counts hands, not deals
    await expect(page.locator('.pot-board')).toContainText(`hand ${Math.min(s.deals_done + 1, 40)} of 40`);
    if (s.phase === 'raise') {
      const pays = rates[Math.min(s.spread, rates.length) - 1];
      expect(s.pays).toBe(pays);
      const wager = s.players[0].wager;
      await expect(page.getByTestId('pays')).toHaveText(`pays ${pays}:1`);
      const note = page.getByTestId('turn-note');
      await expect(note).toContainText(`Spread ${s.spread} pays ${pays} to 1`);
      await expect(note).toContainText(`your wager of ${wager} wins ${wager * pays}`);
      if (t.legal.actions.some((a: any) => a.type === 'raise')) await expect(note).toContainText(`raised to ${wager * 2}, it wins ${wager * 2 * pays}`);
      await expect(page.getByTestId('pay-table').locator('.pay.this')).toHaveText(`${Math.min(s.spread, 3)}${s.spread >= 3 ? '+' : ''}: ${pays}:1`);
      seen = true;
      break;
    }
    // the wager: no note (nothing to compare yet), then the next decision
    await expect(page.getByTestId('turn-note')).toHaveCount(0);
    const moves = t.moves;
    await page.getByTestId('action-bet').click();
    await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(moves);
  }
  expect(seen).toBe(true);
});

/** A Hoyle table of Ann and a bot; Ann bets once, and the page draws the messages that follow
 * up to her next decision. The chips' animation is held still (paused) so that what flew can be
 * looked at. */
async function oneBet(page: Page): Promise<Record<string, any>[]> {
  const msgs = messages(page);
  await createTable(page, { name: 'Ann', rules: 'hoyle', seats: 2, knobs: 'deals=30' });
  await addRule(page, '.chip-fly { animation-play-state: paused !important; }');
  await addBots(page, 1);
  await page.getByTestId('start').click();
  const t = await annsDecision(page, msgs);
  await page.getByTestId('action-bet').click();
  await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(t.moves);
  await annsDecision(page, msgs);
  return msgs;
}

test('chips move between a seat and the pot, and a key lands them', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const refused = await watchCsp(page);
  const msgs = await oneBet(page);
  // Ann's ante for a later deal went into the pot (seat 0), with its amount on the chip
  const ante = eventsOf(msgs).find((e) => e.type === 'ante' && e.player === 'Ann');
  expect(ante).toBeTruthy();
  const chips = page.locator('.chip-fly');
  await expect(chips.first()).toBeAttached();
  const into = page.locator('.chip-fly[data-from="seat-0"][data-to="pot"]');
  await expect(into.first()).toHaveText(String(ante!.amount));
  // a bet settled: its win comes out of the pot to the seat, or its loss goes in
  const settled = eventsOf(msgs).find((e) => (e.type === 'win' || e.type === 'loss') && e.player === 'Ann');
  if (settled?.type === 'win') {
    // The chips out of the pot carry the amount of one of Ann's takings (a win, or a pair paid
    // in the same message: which comes first depends on the seed's cards).
    const out = page.locator('.chip-fly[data-from="pot"][data-to="seat-0"]').first();
    await expect(out).toBeAttached();
    const takings = eventsOf(msgs).filter((e) => (e.type === 'win' || e.type === 'pair_paid') && e.player === 'Ann').map((e) => String(e.amount));
    expect(takings).toContain((await out.textContent())?.trim());
  }
  await expect(page.locator('.chip-layer')).toHaveAttribute('aria-hidden', 'true');
  // placed through the CSSOM: the server's Content-Security-Policy allows no inline style
  expect(await refused()).toEqual([]);
  // a key ends them at once (held still, they would stay)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape'); // a key that is not a modifier (Shift is typing, not "go on")
  await expect(chips).toHaveCount(0);
});

test('no chips fly under prefers-reduced-motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const msgs = await oneBet(page);
  expect(eventsOf(msgs).some((e) => e.type === 'ante' && e.player === 'Ann')).toBe(true);
  await expect(page.locator('.chip-fly')).toHaveCount(0);
});
