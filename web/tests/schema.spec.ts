// The server's real messages against the one schema (schema/messages.schema.json, which the
// page's types are generated from): every message of every type (seated, table, tables, presets,
// hint, chat, replay, rules, error) that a game of every preset brings, checked with ajv, failing on a
// missing or an extra field anywhere (every object of the schema is closed). No browser: a
// WebSocket client in the test. Starts its own `inbetween serve` with a high message rate, so
// that a fast machine is never rate-limited (the mock is not the server, so not with it).
import { expect, test } from '@playwright/test';
import Ajv from 'ajv';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

test.skip(process.env.INBETWEEN_SERVER === 'mock', 'checks the real server, which it starts itself');

const port = Number(process.env.INBETWEEN_TEST_PORT) + 2;
const db = join(tmpdir(), `inbetween-web-schema-${process.pid}-${Date.now()}.db`);
const schema = JSON.parse(readFileSync(new URL('../schema/messages.schema.json', import.meta.url), 'utf8'));
// strictRequired off: the fields each event type requires are named in its if/then, not beside them
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
ajv.addSchema(schema);
const validate = ajv.getSchema(schema.$id)!;
const fits = (m: unknown): boolean => validate(m) as boolean;
const DEF: Record<string, string> = { seated: 'SeatedMsg', table: 'TableMsg', tables: 'TablesMsg', presets: 'PresetsMsg', hint: 'HintMsg', chat: 'ChatMsg', replay: 'ReplayMsg', rules: 'RulesMsg', error: 'ErrorMsg' };
/** Why a message does not fit: the errors of its own type's definition (not of every oneOf branch). */
function why(m: Record<string, any>): string {
  const own = DEF[m.type] ? ajv.getSchema(`${schema.$id}#/definitions/${DEF[m.type]}`) : undefined;
  if (!own) return `no message type ${JSON.stringify(m.type)}`;
  own(m);
  return (own.errors ?? []).slice(0, 4).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`).join('; ');
}
type Msg = Record<string, any>;

/** A WebSocket client that keeps every message it gets. */
class Client {
  readonly inbox: Msg[] = [];
  private read = 0;
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (d) => this.inbox.push(JSON.parse(String(d))));
  }
  static async open(): Promise<Client> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
    return new Client(ws);
  }
  send(m: Msg | string): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }
  /** The first message not yet taken that matches (waits for it, bounded). */
  async next(pred: (m: Msg) => boolean, what: string): Promise<Msg> {
    let found: Msg | undefined;
    await expect
      .poll(
        () => {
          const i = this.inbox.findIndex((m, k) => k >= this.read && pred(m));
          if (i >= 0) {
            found = this.inbox[i];
            this.read = i + 1;
          }
          return !!found;
        },
        { message: what, timeout: 20_000, intervals: [10, 20, 50] },
      )
      .toBe(true);
    return found!;
  }
  close(): void {
    this.ws.close();
  }
}

/** The action to send for the first of a seat's legal choices (the least amount, the first ace). */
function firstChoice(legal: Msg): Msg | null {
  const c = legal?.actions?.find((a: Msg) => a.type !== 'rebuy');
  if (!c) return null;
  const { min, max: _max, ...action } = c;
  if (min !== undefined) action.amount = min;
  if (Array.isArray(c.ace)) action.ace = c.ace[0];
  return action;
}

let server: ChildProcess;
test.beforeAll(async () => {
  const bin = process.env.INBETWEEN_BIN ?? '../build/inbetween';
  server = spawn(bin, ['serve', '--host', '127.0.0.1', '--port', String(port), '--db', db, '--web', 'dist', '--bot-delay-ms', '0', '--messages-per-second', '10000'], {
    stdio: 'ignore',
  });
  await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.status ?? 0, { timeout: 20_000 }).toBe(200);
});
test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('every message the server sends, of every type and family, fits the schema exactly', async () => {
  test.setTimeout(180_000);
  const clients: Client[] = [];
  const open = async () => {
    const c = await Client.open();
    clients.push(c);
    return c;
  };
  const lobby = await open();
  lobby.send({ type: 'presets', id: 1 });
  const presets = (await lobby.next((m) => m.type === 'presets', 'presets')).presets as Msg[];
  const seen = new Set<string>(); // "type" and "type:family"
  for (const p of presets) {
    const ann = await open();
    const watcher = await open();
    const seats = Math.max(2, p.min_players);
    // Red Dog: 8 hands, so that one has a spread (3 can all be pairs or consecutive posts)
    ann.send({ type: 'create', name: 'Ann', rules: p.name, seats, set: p.family === 'threebetween' ? {} : { deals: p.family === 'house' ? '8' : '3' }, id: 'c' });
    const { table, token } = await ann.next((m) => m.type === 'seated', `${p.name}: seated`);
    watcher.send({ type: 'watch', table });
    await watcher.next((m) => m.type === 'table', `${p.name}: watch`);
    for (let i = 1; i < seats; i++) {
      ann.send({ type: 'bot', table, token, kind: 'sensible' });
      await ann.next((m) => m.type === 'table' && m.seats.filter((s: Msg) => s.name).length === i + 1, `${p.name}: bot ${i}`);
    }
    ann.send({ type: 'start', table, token });
    let asked = false;
    for (;;) {
      const t = await ann.next((m) => m.type === 'table' && m.status !== 'waiting', `${p.name}: the game goes on`);
      if (t.status === 'over') break;
      const action = firstChoice(t.legal);
      if (!action || t.to_act !== 'Ann') continue;
      if (!asked) {
        asked = true;
        ann.send({ type: 'hint', table, token, id: 'h' });
        await ann.next((m) => m.type === 'hint' || m.type === 'error', `${p.name}: hint`);
        ann.send({ type: 'chat', table, token, text: 'good luck' });
        watcher.send({ type: 'chat', table, text: 'from the rail' });
        await ann.next((m) => m.type === 'chat' && m.from === 'watcher', `${p.name}: chat`);
      }
      ann.send({ type: 'act', table, token, action });
    }
    ann.send({ type: 'replay', table, id: 'r' });
    await ann.next((m) => m.type === 'replay', `${p.name}: replay`);
    ann.send({ type: 'again', table, token });
    await ann.next((m) => m.type === 'table' && m.game === 2, `${p.name}: again`);
    if (ann.inbox.some((m) => m.type === 'hint')) seen.add(`hint:${p.family}`);
  }
  // the lobby's messages, and errors of several kinds
  lobby.send({ type: 'tables', id: 2 });
  await lobby.next((m) => m.type === 'tables', 'tables');
  lobby.send({ type: 'watch', table: 'NOSUCH', id: 3 });
  await lobby.next((m) => m.type === 'error' && m.code === 'no_table', 'no_table');
  lobby.send({ type: 'act', table: clients[1].inbox[0].table, token: 'x', action: { type: 'pass' } });
  await lobby.next((m) => m.type === 'error' && m.code === 'bad_token', 'bad_token');
  lobby.send('not json');
  await lobby.next((m) => m.type === 'error' && m.code === 'bad_message', 'bad_message');
  // a description too long for the table message: cut there, whole on request
  const custom = await open();
  custom.send({ type: 'create', name: 'Ann', seats: 2, rules_text: `game = "pot"\nname = "long"\ndescription = "${'long words '.repeat(100)}"\n` });
  const { table: long } = await custom.next((m) => m.type === 'seated', 'custom: seated');
  await custom.next((m) => m.type === 'table' && m.title_cut === true, 'custom: its title cut');
  custom.send({ type: 'rules', table: long, id: 'w' });
  await custom.next((m) => m.type === 'rules', 'rules');

  const all = clients.flatMap((c) => c.inbox);
  const wrong = all.filter((m) => !fits(m)).map((m) => `${m.type}: ${JSON.stringify(m).slice(0, 200)}\n  ${why(m)}`);
  for (const m of all) {
    seen.add(m.type);
    if (m.type === 'table' && m.state) seen.add(`table:${m.state.game}`);
    if (m.type === 'replay') seen.add(`replay:${m.steps[0].state.game}`);
  }
  expect(wrong, `messages that do not fit schema/messages.schema.json:\n${wrong.slice(0, 5).join('\n')}`).toEqual([]);
  // every type of message, and each family's state, hint and replay, were among them
  for (const type of ['seated', 'table', 'tables', 'presets', 'hint', 'chat', 'replay', 'rules', 'error']) expect(seen, type).toContain(type);
  for (const family of ['pot', 'house', 'threebetween']) for (const what of ['table', 'hint', 'replay']) expect(seen, `${what}:${family}`).toContain(`${what}:${family}`);
  for (const family of ['pot', 'house', 'threebetween']) expect(presets.map((p) => p.family)).toContain(family);

  // and the schema is closed: a field missing or one more is refused, in the message, the state
  // and an event
  const playing = all.filter((m) => m.type === 'table' && m.state && m.events.length);
  for (const family of ['pot', 'house', 'threebetween']) {
    const m = playing.find((x) => x.state.game === family)!;
    const { moves: _moves, ...noMoves } = m;
    expect(fits(noMoves), `${family}: no moves`).toBe(false);
    expect(fits({ ...m, extra: 1 }), `${family}: extra field`).toBe(false);
    expect(fits({ ...m, state: { ...m.state, extra: 1 } }), `${family}: extra state field`).toBe(false);
    const { rules: _rules, ...noRules } = m.state;
    expect(fits({ ...m, state: noRules }), `${family}: state without rules`).toBe(false);
    expect(fits({ ...m, events: [{ ...m.events[0], amount: 1, card: '7S', round: 1 }] }), `${family}: an event with fields not its own`).toBe(false);
  }
  const house = playing.find((x) => x.state.game === 'house' && x.state.spread !== undefined)!;
  const { pays: _pays, ...noPays } = house.state;
  expect(fits({ ...house, state: noPays }), 'house: spread without pays').toBe(false);
  for (const c of clients) c.close();
});
