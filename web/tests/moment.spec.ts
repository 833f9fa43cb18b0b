// The moment In-Between is about, at a phone (touch) and a desktop width, with motion on: your own
// third card stays on the board when the bots play fast (the tests' server runs with a bot delay
// of 0), the result waits for the card to land, the game's last deal lands before the standings,
// and after a reload the board is the live board, not a list of the game.
import { expect, test, type Page } from '@playwright/test';
import { addBots, addRule, caughtUp, createTable, decisionOf, eventsOf, lastTable, messages, settledDeals, type SettledDeal } from './helpers';

const SIZES = [
  { name: 'phone', viewport: { width: 360, height: 740 }, touch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
] as const;

/** Ann's table of Hoyle against one sensible bot, started. */
async function annAndABot(page: Page, knobs = 'deals=30'): Promise<Record<string, any>[]> {
  const msgs = messages(page);
  await createTable(page, { name: 'Ann', rules: 'hoyle', seats: 2, knobs });
  await addBots(page, 1);
  await page.getByTestId('start').click();
  return msgs;
}

/** Ann's decision now: an ace is called high, a bet is the amount shown. Returns how many moves
 * the table had before it. */
async function annPlays(page: Page, msgs: Record<string, any>[]): Promise<number> {
  const t = await decisionOf(page, msgs);
  const call = page.getByTestId('action-call-high');
  await ((await call.isVisible()) ? call : page.getByTestId('action-bet')).click();
  await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(t.moves);
  return t.moves;
}

/** The `table` message whose events settled Ann's deal number `n` (0, 1, ...). */
function settling(msgs: Record<string, any>[], n: number): Record<string, any> | undefined {
  const tables = msgs.filter((m) => m.type === 'table');
  return tables.find((_, i) => settledDeals(eventsOf(tables.slice(0, i + 1))).filter((d) => d.player === 'Ann').length > n);
}

/** Plays Ann's decisions until she has bet, and waits for the message that settles her deal;
 * returns that deal (from the events). */
async function annBets(page: Page, msgs: Record<string, any>[]): Promise<SettledDeal> {
  for (let i = 0; i < 4; i++) {
    const before = settledDeals(eventsOf(msgs)).filter((d) => d.player === 'Ann').length;
    await annPlays(page, msgs);
    const mine = () => settledDeals(eventsOf(msgs)).filter((d) => d.player === 'Ann');
    // an ace call is not the bet: her deal is settled only by the bet
    const called = eventsOf(msgs).at(-1)?.type === 'ace_called' && lastTable(msgs)?.to_act === 'Ann';
    if (called) continue;
    await expect.poll(() => mine().length).toBeGreaterThan(before);
    return mine()[before]; // the deal her bet settled (a pair of hers may follow it in the same message)
  }
  throw new Error('Ann never bet');
}

/** The board's deal that is Ann's `deal`: the one just settled or "your last deal". The page is
 * caught up (decisionOf): the board's largest deal is hers only where it is this very deal (one
 * message can settle her bet and then her next posts, a pair: the bet's deal is the largest, the
 * pair her last deal). */
async function expectDealShown(page: Page, deal: SettledDeal): Promise<void> {
  const focus = page.getByTestId('last-deal');
  const focusIsIt =
    (await focus.getAttribute('data-player')) === 'Ann' &&
    (await page.getByTestId('deal-post-0').getAttribute('data-card')) === deal.posts[0] &&
    (await page.getByTestId('deal-post-1').getAttribute('data-card')) === deal.posts[1];
  const ids = focusIsIt ? ['last-deal', 'deal-post-', 'third-card'] : ['my-deal', 'my-deal-post-', 'my-third-card'];
  const box = page.getByTestId(ids[0]);
  await expect(box).toBeVisible();
  await expect(box).toBeInViewport();
  await expect(page.getByTestId(`${ids[1]}0`)).toHaveAttribute('data-card', deal.posts[0]);
  await expect(page.getByTestId(`${ids[1]}1`)).toHaveAttribute('data-card', deal.posts[1]);
  if (deal.third) await expect(page.getByTestId(ids[2])).toHaveAttribute('data-card', deal.third);
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, isMobile: size.touch, hasTouch: size.touch, reducedMotion: 'no-preference' });

    test('your own third card stays on the board when a bot plays next, until you act again or put it away', async ({ page }) => {
      const msgs = await annAndABot(page);
      // Ann bets; the bot bets its own deal at once, a move of its own. (Either's posts may be a
      // pair or consecutive, settled without a bet: then she bets again.)
      const botBetLast = () => {
        const last = settledDeals(eventsOf(msgs)).at(-1);
        return last?.player === 'bot2' && !!last.third;
      };
      for (let i = 0; i < 12 && (i === 0 || !botBetLast()); i++) {
        await annBets(page, msgs);
        await decisionOf(page, msgs);
      }
      expect(botBetLast()).toBe(true); // the bot's bet was settled after hers
      // When Ann's turn comes back her deal is still there, beside the bot's, in view.
      const first = settledDeals(eventsOf(msgs)).filter((d) => d.player === 'Ann').at(-1)!;
      await expectDealShown(page, first);
      await expect(page.getByTestId('my-deal')).toBeVisible();
      // a tap puts it away: into the strip of deals before
      await page.getByTestId('my-deal-seen').click();
      await expect(page.getByTestId('my-deal')).toHaveCount(0);
      await expect(page.getByTestId('deal-strip').locator('.strip-deal.mine').first()).toBeVisible();
      // Her next bet: the deal shown as hers is her newest.
      const second = await annBets(page, msgs);
      await decisionOf(page, msgs);
      const newest = settledDeals(eventsOf(msgs)).filter((d) => d.player === 'Ann').at(-1)!;
      expect(newest).not.toEqual(first);
      if (newest.third) expect(newest).toEqual(second);
      await expectDealShown(page, newest);
    });

    test('the result waits for the third card to land', async ({ page }) => {
      const msgs = await annAndABot(page);
      // the card turns over slowly here, so that what shows meanwhile can be looked at
      await addRule(page, '.card.land { animation-duration: 60s !important; }');
      // A bet of Ann's after which the bot plays (at the turn of a deal she may play twice running).
      const hers = () => settledDeals(eventsOf(msgs)).filter((d) => d.player === 'Ann').length;
      // (and one with a third card: an ace called on posts that turn out a pair is settled without one)
      // Her latest settled deal is the one the board shows largest: one message can settle her bet
      // and then her next posts (a pair, no third card), so the deal her bet returned may not be it.
      const latest = () => settledDeals(eventsOf(msgs)).filter((d) => d.player === 'Ann').at(-1)!;
      await annBets(page, msgs);
      for (let i = 0; i < 8 && (settling(msgs, hers() - 1)?.to_act === 'Ann' || !latest().third); i++) await annBets(page, msgs);
      const deal = latest();
      const settled = settling(msgs, hers() - 1)!;
      expect(settled.to_act).toBe('bot2');
      expect(deal.third).toBeTruthy();
      await caughtUp(page, settled.moves);
      const board = page.getByTestId('last-deal');
      await expect(board).toHaveAttribute('data-player', 'Ann');
      await expect(page.getByTestId('third-card')).toHaveAttribute('data-card', deal.third!);
      await expect(page.getByTestId('third-card')).toHaveClass(/land/);
      // still turning: no outcome, no chips, no change of the pot, no result in the play-by-play
      await expect(page.getByTestId('deal-outcome')).toBeHidden();
      await expect(board.locator('.deal-moves')).toBeHidden();
      await expect(page.locator('.pot-delta:visible')).toHaveCount(0);
      await expect(page.getByTestId('narration').locator('li.ev-third_card').last()).toBeHidden();
      // the next move waits too: the bot's deal is not drawn over Ann's
      await expect.poll(() => settledDeals(eventsOf(msgs)).at(-1)?.player).not.toBe('Ann');
      await expect(board).toHaveAttribute('data-player', 'Ann');
      // a tap lands it: the outcome shows, and the table goes on
      await board.click();
      await expect(page.getByTestId('deal-outcome')).toBeVisible();
      await expect(page.getByTestId('deal-outcome')).not.toBeEmpty();
      await decisionOf(page, msgs);
    });

    test("the game's last deal lands on the board, then the standings", async ({ page }) => {
      // two deals of two players: a short game
      const msgs = await annAndABot(page, 'deals=2');
      // each card lands only when tapped here, so that the last one can be looked at as it lands
      await addRule(page, '.card.land { animation-duration: 60s !important; }');
      for (let n = 0; n < 20; n++) {
        await expect.poll(() => lastTable(msgs)?.status === 'over' || (lastTable(msgs)?.to_act === 'Ann' && lastTable(msgs)?.legal?.actions.length > 0), { timeout: 20_000 }).toBe(true);
        if (lastTable(msgs)?.status === 'over') break;
        const t = lastTable(msgs)!;
        await caughtUp(page, t.moves);
        const call = page.getByTestId('action-call-high');
        await ((await call.isVisible()) ? call : page.getByTestId('action-bet')).click();
        await expect.poll(() => lastTable(msgs)?.moves).toBeGreaterThan(t.moves);
      }
      await expect.poll(() => lastTable(msgs)?.status, { timeout: 20_000 }).toBe('over');
      const over = lastTable(msgs)!;
      // The deciding deal: of the deals the last message settled, the one with a third card (a
      // bet's; the pair or consecutive posts dealt after it in the same message go to the strip).
      const before = settledDeals(eventsOf(msgs.slice(0, msgs.lastIndexOf(over)))).length;
      const closing = settledDeals(eventsOf(msgs)).slice(before);
      expect(closing.length).toBeGreaterThan(0);
      const last = closing.filter((d) => d.third).at(-1) ?? closing.at(-1)!;
      await caughtUp(page, over.moves);
      // the deciding deal is the board's
      await expect(page.getByTestId('last-deal')).toBeVisible();
      await expect(page.getByTestId('last-deal')).toHaveAttribute('data-player', last.player);
      await expect(page.getByTestId('deal-post-0')).toHaveAttribute('data-card', last.posts[0]);
      await expect(page.getByTestId('deal-post-1')).toHaveAttribute('data-card', last.posts[1]);
      if (last.third) {
        // while it lands the standings wait; a tap and they come
        await expect(page.getByTestId('third-card')).toHaveAttribute('data-card', last.third);
        await expect(page.getByTestId('deal-outcome')).toBeHidden();
        await expect(page.getByTestId('after-game')).toBeHidden();
        await page.getByTestId('last-deal').click();
      }
      await expect(page.getByTestId('after-game')).toBeVisible();
      await expect(page.getByTestId('standings')).toBeVisible();
      await expect(page.getByTestId('last-deal')).toBeVisible(); // and the deal stays
    });

    test('after a reload the board is the live board: the same deals, no list of the game, the controls in view', async ({ page }) => {
      const msgs = await annAndABot(page);
      for (let i = 0; i < 6; i++) await annBets(page, msgs);
      await decisionOf(page, msgs);
      const look = async () => ({
        focus: await page.getByTestId('last-deal').locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card'))),
        mine: await page.getByTestId('my-deal').locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card'))),
        strip: await page.getByTestId('deal-strip').locator('.strip-deal').allTextContents(),
        board: Math.round((await page.locator('.pot-board').boundingBox())?.height ?? 0),
      });
      const live = await look();
      expect(live.strip.length).toBeGreaterThan(0);
      await page.reload();
      await decisionOf(page, msgs);
      const again = await look();
      expect(again.focus).toEqual(live.focus);
      expect(again.mine).toEqual(live.mine);
      expect(again.strip).toEqual(live.strip);
      expect(Math.abs(again.board - live.board)).toBeLessThanOrEqual(4);
      await expect(page.locator('.deal-also')).toHaveCount(0);
      // the posts and the bet are on screen without scrolling
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(page.getByTestId('post-0')).toBeInViewport();
      await expect(page.getByTestId('action-bet')).toBeInViewport();
    });
  });
}
