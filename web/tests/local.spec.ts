// Play on this device (issue 50): the page from a plain static server (python3 -m http.server on
// dist/, no inbetween behind it), the browser offline after the first visit, the engine as
// WebAssembly in a Web Worker. The same lobby controls and table view as an online table.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import Ajv from 'ajv';
import WebSocket from 'ws';
import { addBots, firstAction, whoActs } from './helpers';

const STATIC = `http://127.0.0.1:${process.env.INBETWEEN_STATIC_PORT}`;
const LOCAL = 'ON-THIS-DEVICE';
const bin = process.env.INBETWEEN_BIN ?? '../build/inbetween';
// The server's messages' schema (schema/messages.schema.json): the worker's fit it as the server's do.
const schema = JSON.parse(readFileSync(new URL('../schema/messages.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
ajv.addSchema(schema);
const fits = ajv.getSchema(schema.$id)!;

/** The page once from the static server, its service worker installed with the engine cached;
 * then the network off and the page opened again, from the cache. */
async function openOffline(page: Page, context: BrowserContext): Promise<void> {
  await page.addInitScript(() => ((window as unknown as { localMessages: unknown[] }).localMessages = []));
  await page.goto(`${STATIC}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(async () => !!(await caches.match('inbetween-engine.wasm')) && !!navigator.serviceWorker.controller)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('lobby')).toBeVisible();
  // No server has answered this page: nothing was lost, and no list of tables is coming.
  await expect(page.getByTestId('conn-status')).toHaveText('offline: games on this device');
  await expect(page.getByTestId('open-tables')).toContainText('No server answers this page');
}

async function createLocal(page: Page, o: { name: string; rules: string; seats: number; knobs?: string }): Promise<void> {
  await page.getByTestId('name-input').fill(o.name);
  await expect(page.getByTestId('preset-select').locator(`option[value="${o.rules}"]`)).toHaveCount(1);
  await page.getByTestId('preset-select').selectOption(o.rules);
  await page.getByTestId('seats-input').fill(String(o.seats));
  if (o.knobs) await page.getByTestId('knobs-input').fill(o.knobs);
  await page.getByTestId('play-here').check();
  await page.getByTestId('create').click();
  await expect(page.getByTestId('waiting')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#${LOCAL}$`));
}

/** The worker's messages so far (local.ts keeps them for a test that asks). */
function localMessages(page: Page): Promise<Record<string, any>[]> {
  return page.evaluate(() => (window as unknown as { localMessages: Record<string, any>[] }).localMessages);
}

async function lastTable(page: Page): Promise<Record<string, any>> {
  return (await localMessages(page)).filter((m) => m.type === 'table').at(-1)!;
}

/** Plays the first button of every turn of the person on this page until the game is over. */
async function playToEnd(page: Page): Promise<void> {
  for (let turns = 0; turns < 2000; turns++) {
    if ((await whoActs([page], 60_000)) < 0) return;
    await firstAction(page).click();
  }
  throw new Error('the game did not end in 2000 turns');
}

test('hoyle on this device, offline, against two bots to the end; its log replays natively to the same result, and steps through', async ({ page, context }) => {
  await openOffline(page, context);
  // No server has answered this page: Play on this device is ticked already.
  await expect(page.getByTestId('play-here')).toBeChecked();
  await createLocal(page, { name: 'Ann', rules: 'hoyle', seats: 3, knobs: 'deals_per_dealer=2' });
  await addBots(page, 2, 'sensible');
  await page.getByTestId('start').click();
  await playToEnd(page); // (a deal may settle itself: posts that pair or touch ask nothing of Ann)
  await expect(page.getByTestId('standings')).toBeVisible();
  const over = await lastTable(page);
  expect(over.status).toBe('over');
  expect(over.seed).toMatch(/^\d+$/);
  // Every message of the worker the page drew is one the server could have sent (`saved` and
  // `log` stay with local.ts).
  for (const m of await localMessages(page)) expect(fits(m), `${JSON.stringify(m).slice(0, 300)}: ${ajv.errorsText(fits.errors)}`).toBe(true);
  // The log, downloaded, is what native `inbetween replay` plays: the same winners.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('log-link').click()]);
  const file = join(mkdtempSync(join(tmpdir(), 'inbetween-local-')), 'game.jsonl');
  await download.saveAs(file);
  const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  expect(lines[0]).toMatchObject({ cmd: 'new', rules: 'hoyle', seed: Number(over.seed) });
  expect(lines.length - 1).toBe(over.moves);
  // `inbetween replay` plays it to its end...
  const replayed = execFileSync(bin, ['replay', file, '--color', 'never'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  expect(replayed).not.toContain('left unfinished');
  for (const w of over.state.winners) expect(replayed).toContain(w);
  // ...and the native engine, given the same lines, ends in the very state the page drew.
  // (the file's own text: its seed of 64 bits would not survive a JavaScript number)
  const engineIn = `${readFileSync(file, 'utf8')}{"cmd":"state"}\n`;
  const replies = execFileSync(bin, ['engine'], { input: engineIn, encoding: 'utf8' }).trim().split('\n');
  expect(JSON.parse(replies.at(-1)!).state).toEqual(over.state);
  // The step-through, from the worker as from the server: the opening and every move.
  await page.getByTestId('replay-button').click();
  await expect(page.getByTestId('replay')).toBeVisible();
  const replay = (await localMessages(page)).find((m) => m.type === 'replay')!;
  expect(fits(replay), ajv.errorsText(fits.errors)).toBe(true);
  expect(replay.steps_total).toBe(over.moves + 1);
});

test('ThreeBeTween on this device, offline: a hint, and the optimal bot plays', async ({ page, context }) => {
  await openOffline(page, context);
  await createLocal(page, { name: 'Ann', rules: 'threebetween', seats: 2, knobs: 'target=30' });
  await addBots(page, 1, 'optimal');
  await page.getByTestId('start').click();
  await whoActs([page], 60_000);
  // The hint of a solved table: a cold solve first, in the worker (the page goes on drawing).
  await page.getByTestId('hint-button').click();
  await expect(page.getByTestId('hint')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('hint')).toContainText(/\d/);
  await playToEnd(page);
  const msgs = await localMessages(page);
  const botMoved = msgs.filter((m) => m.type === 'table').some((m) => (m.events ?? []).some((e: any) => e.player === 'bot2'));
  expect(botMoved).toBe(true);
  expect(msgs.some((m) => m.type === 'error')).toBe(false);
});

test('a reload mid-game, offline, brings the game on this device back exactly', async ({ page, context }) => {
  await openOffline(page, context);
  // Long enough for five of Ann's turns whatever the cards (three deals a dealer may end sooner).
  await createLocal(page, { name: 'Ann', rules: 'hoyle', seats: 3, knobs: 'deals=unlimited' });
  await addBots(page, 2, 'cautious');
  await page.getByTestId('start').click();
  for (let i = 0; i < 4; i++) {
    expect(await whoActs([page], 60_000)).toBe(0);
    await firstAction(page).click();
  }
  expect(await whoActs([page], 60_000)).toBe(0);
  const before = await lastTable(page);
  const seats = await page.getByTestId('seats').textContent();
  await page.reload();
  await expect(page.getByTestId('table-view')).toHaveAttribute('data-moves', String(before.moves), { timeout: 30_000 });
  const after = await lastTable(page);
  for (const key of ['state', 'legal', 'to_act', 'moves', 'event_count', 'seats', 'game'] as const) expect(after[key], key).toEqual(before[key]);
  expect(after.events_from).toBe(0); // the whole game told again, as a resume on the server tells it
  await expect(page.getByTestId('seats')).toHaveText(seats ?? '');
  // and it plays on
  await firstAction(page).click();
  await expect.poll(async () => (await lastTable(page)).moves).toBeGreaterThan(before.moves);
});

test('two tabs on the game on this device: each follows the other, and no move of either is lost', async ({ page, context }) => {
  await openOffline(page, context);
  await createLocal(page, { name: 'Ann', rules: 'hoyle', seats: 2, knobs: 'deals=unlimited' });
  await addBots(page, 1, 'cautious');
  await page.getByTestId('start').click();
  expect(await whoActs([page], 60_000)).toBe(0);
  await firstAction(page).click();
  expect(await whoActs([page], 60_000)).toBe(0);
  // the same page in a second tab: the game on this device, as it stands
  const other = await context.newPage();
  await other.addInitScript(() => ((window as unknown as { localMessages: unknown[] }).localMessages = []));
  await other.goto(`${STATIC}/#${LOCAL}`);
  const first = await lastTable(page);
  await expect(other.getByTestId('table-view')).toHaveAttribute('data-moves', String(first.moves), { timeout: 30_000 });
  // a move in the second tab: the first follows it
  expect(await whoActs([other], 60_000)).toBe(0);
  await firstAction(other).click();
  await expect.poll(async () => (await lastTable(other)).moves).toBeGreaterThan(first.moves);
  expect(await whoActs([other], 60_000)).toBe(0);
  const second = await lastTable(other);
  await expect(page.getByTestId('table-view')).toHaveAttribute('data-moves', String(second.moves), { timeout: 30_000 });
  expect((await lastTable(page)).state).toEqual(second.state);
  // a move in the first tab again, on top of the second's: the second follows
  expect(await whoActs([page], 60_000)).toBe(0);
  await firstAction(page).click();
  await expect.poll(async () => (await lastTable(page)).moves).toBeGreaterThan(second.moves);
  expect(await whoActs([page], 60_000)).toBe(0);
  const third = await lastTable(page);
  await expect(other.getByTestId('table-view')).toHaveAttribute('data-moves', String(third.moves), { timeout: 30_000 });
  // the saved game holds every move of both: a reload brings back the last
  await other.close();
  await page.reload();
  await expect(page.getByTestId('table-view')).toHaveAttribute('data-moves', String(third.moves), { timeout: 30_000 });
  expect((await lastTable(page)).state).toEqual(third.state);
  expect((await localMessages(page)).some((m) => m.type === 'error')).toBe(false);
});

test('pass-and-play: two people on one device, the page names whose turn it is', async ({ page, context }) => {
  await openOffline(page, context);
  await createLocal(page, { name: 'Ann', rules: 'hoyle', seats: 2 });
  await page.getByTestId('seat-name-input').fill('Bob');
  await page.getByTestId('join-seat').click();
  await expect(page.locator('.seat:not(.empty)')).toHaveCount(2);
  await page.getByTestId('start').click();
  const named = new Set<string>();
  for (let i = 0; i < 6; i++) {
    await whoActs([page], 30_000);
    const t = await lastTable(page);
    await expect(page.getByTestId('status')).toHaveText(`${t.to_act}\u2019s turn: pass the device to ${t.to_act}.`);
    named.add(t.to_act);
    await firstAction(page).click();
    await expect.poll(async () => (await lastTable(page)).moves).toBeGreaterThan(t.moves);
  }
  expect([...named].sort()).toEqual(['Ann', 'Bob']);
});

test('Red Dog on this device, offline: a raise', async ({ page, context }) => {
  await openOffline(page, context);
  await createLocal(page, { name: 'Ann', rules: 'red-dog', seats: 1 });
  await page.getByTestId('start').click();
  for (let turns = 0; turns < 200; turns++) {
    expect(await whoActs([page], 30_000)).toBe(0);
    const raise = page.getByTestId('action-raise');
    if (await raise.isVisible()) {
      const moves = (await lastTable(page)).moves;
      await raise.click();
      await expect.poll(async () => (await lastTable(page)).moves).toBeGreaterThan(moves);
      const events = (await localMessages(page)).filter((m) => m.type === 'table').flatMap((m) => m.events ?? []);
      expect(events.some((e: any) => e.type === 'raise' && e.player === 'Ann')).toBe(true);
      await expect(page.getByTestId('narration')).toContainText(/rais/i);
      return;
    }
    await firstAction(page).click();
  }
  throw new Error('no raise decision in 200 turns');
});

/** The replies of a server to `messages`, sent one by one after a table is made (`create` first). */
async function serverCodes(messages: Record<string, unknown>[]): Promise<string[]> {
  const ws = new WebSocket(`ws://127.0.0.1:${process.env.INBETWEEN_TEST_PORT}/ws`);
  const inbox: Record<string, any>[] = [];
  ws.on('message', (d) => inbox.push(JSON.parse(String(d))));
  await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
  const codes: string[] = [];
  let seated: Record<string, any> | undefined;
  for (const [i, m] of messages.entries()) {
    const tables = inbox.filter((r) => r.type === 'table').length;
    ws.send(JSON.stringify({ ...m, id: i + 1, ...(seated ? { table: seated.table, token: seated.token } : {}) }));
    await expect.poll(() => inbox.some((r) => r.id === i + 1 && (r.type === 'error' || r.type === 'seated')) || (m.type === 'start' && inbox.filter((r) => r.type === 'table').slice(tables).some((r) => r.status === 'playing'))).toBe(true);
    const reply = inbox.find((r) => r.id === i + 1);
    if (reply?.type === 'seated') seated = reply;
    codes.push(reply?.type === 'error' ? reply.code : 'ok');
  }
  ws.close();
  return codes;
}

test('bad input to the worker answers the server\u2019s error codes and changes nothing', async ({ page, context }) => {
  await openOffline(page, context);
  const messages = [
    { type: 'create', name: 'Ann', rules: 'no-such-preset', seats: 1, set: {} },
    { type: 'create', name: 'Ann', rules: 'red-dog', seats: 1, set: { no_such_knob: '1' } },
    { type: 'create', name: 'Ann', rules: 'red-dog', seats: 1, set: { start_chips: 'many' } },
    { type: 'create', name: 'Ann', rules: 'red-dog', seats: 9, set: {} },
    { type: 'create', name: 'Ann', rules: 'red-dog', seats: 1, set: {} },
    { type: 'bot', kind: 'no-such-bot' },
    { type: 'start' },
    { type: 'act', action: { type: 'raise' } },
    { type: 'act', action: { type: 'bet', amount: 1_000_000 } },
    { type: 'act', action: { type: 'fly' } },
    { type: 'act' },
    { type: 'start' },
  ];
  const expected = await serverCodes(messages);
  expect(expected.filter((c) => c !== 'ok').length).toBeGreaterThanOrEqual(8);
  // The same messages to a worker of the page's own, as the page sends them.
  const got = await page.evaluate(async (msgs) => {
    const worker = new Worker('local-worker.js');
    const ask = (m: Record<string, unknown>) =>
      new Promise<Record<string, any>[]>((ok) => {
        worker.onmessage = (e) => ok(e.data);
        worker.postMessage(m);
      });
    const codes: string[] = [];
    let before: Record<string, any> | undefined;
    for (const m of msgs) {
      const replies = await ask(m);
      const error = replies.find((r) => r.type === 'error');
      codes.push(error ? error.code : 'ok');
      if (m.type === 'start' && !error) before = replies.filter((r) => r.type === 'table').at(-1);
    }
    const after = (await ask({ type: 'watch' })).find((r) => r.type === 'table');
    worker.terminate();
    return { codes, same: JSON.stringify([before?.state, before?.moves, before?.legal]) === JSON.stringify([after?.state, after?.moves, after?.legal]) };
  }, messages);
  expect(got.codes).toEqual(expected);
  expect(got.same, 'the refused moves changed nothing').toBe(true);
});
