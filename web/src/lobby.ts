// The lobby: your name, a new table from a preset (knob overrides, seat count, its length with the
// minutes it lasts, its rules folded) or pasted rule text, the open tables, join or watch by code;
// and the waiting room of a table before its start (join link, add bots, start).

import { h } from './dom';
import { renderPresetHelp } from './help';
import { isLocal } from './local';
import { minutesAt, minutesText, presetLength, seatLength, timeModelText, type PresetLength } from './lengths';
import { renderInvite } from './share';
import { joinLink } from './table';
import type { Preset, TableListing, TableMsg } from './types';

export interface CreateRequest {
  name: string;
  rules?: string;
  rules_text?: string;
  set: Record<string, string>;
  seats: number;
  timeout?: number;
  private?: boolean;
  /** Played on this device (local.ts), not on the server. */
  local?: boolean;
}

export interface LobbyActions {
  create(req: CreateRequest): void;
  join(code: string, name: string): void;
  watch(code: string): void;
  refresh(): void;
  nameChanged(name: string): void;
}

/** "a=1, b = x" or one per line → {a: "1", b: "x"}; a list keeps its commas
 * ("spread_pays=[6, 3, 1]"); throws on a piece without "=". */
export function parseKnobs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pieces: string[] = [];
  let depth = 0;
  let piece = '';
  for (const ch of text) {
    if (ch === '[') depth += 1;
    if (ch === ']') depth = Math.max(0, depth - 1);
    if (depth === 0 && /[\n,;]/.test(ch)) {
      pieces.push(piece);
      piece = '';
    } else piece += ch;
  }
  pieces.push(piece);
  for (const piece of pieces) {
    const p = piece.trim();
    if (!p) continue;
    const eq = p.indexOf('=');
    if (eq <= 0) throw new Error(`"${p}" is not knob=value`);
    out[p.slice(0, eq).trim()] = p.slice(eq + 1).trim();
  }
  return out;
}

export function normalizeCode(code: string): string {
  return code.trim().replace(/^#/, '').toUpperCase();
}

export class Lobby {
  readonly el: HTMLElement;
  readonly nameInput: HTMLInputElement;
  private readonly presetSelect: HTMLSelectElement;
  private readonly seatsInput: HTMLInputElement;
  private readonly knobsInput: HTMLTextAreaElement;
  private readonly rulesText: HTMLTextAreaElement;
  private readonly timeoutInput: HTMLInputElement;
  private readonly privateInput: HTMLInputElement;
  private readonly localInput: HTMLInputElement;
  private localTouched = false;
  private readonly codeInput: HTMLInputElement;
  private readonly tablesList: HTMLElement;
  private readonly message: HTMLElement;
  private readonly lengthInput: HTMLInputElement;
  private readonly lengthLabel: HTMLElement;
  private readonly lengthEstimate: HTMLElement;
  private readonly lengthNote: HTMLElement;
  private readonly lengthModel: HTMLElement;
  private readonly lengthSuggest: HTMLButtonElement;
  private readonly lengthField: HTMLElement;
  private readonly helpSlot: HTMLElement;
  private presets: Preset[] = [];
  /** the knob the length control sets now, and whether the person typed their own length */
  private lengthKnob: string | null = null;
  private lengthTyped = false;

  constructor(private readonly act: LobbyActions, name: string) {
    this.nameInput = h('input', { id: 'name', type: 'text', maxlength: 40, value: name, autocomplete: 'nickname', 'data-testid': 'name-input', placeholder: 'Your name' });
    this.nameInput.addEventListener('change', () => act.nameChanged(this.nameInput.value.trim()));
    this.presetSelect = h('select', { id: 'preset', 'data-testid': 'preset-select' });
    this.presetSelect.addEventListener('change', () => this.presetChanged());
    this.seatsInput = h('input', { id: 'seats', type: 'number', min: 1, max: 8, value: 2, 'data-testid': 'seats-input' });
    this.seatsInput.addEventListener('input', () => this.showLength());
    this.lengthInput = h('input', { id: 'length', type: 'number', min: 1, step: 1, inputmode: 'numeric', 'data-testid': 'length-input' });
    this.lengthInput.addEventListener('input', () => {
      this.lengthTyped = true;
      this.showLength();
    });
    this.lengthLabel = h('label', { for: 'length' }, 'Length');
    this.lengthEstimate = h('output', { for: 'length seats', class: 'length-estimate', 'data-testid': 'length-estimate', 'aria-live': 'polite' });
    this.lengthNote = h('p', { class: 'sub length-note', 'data-testid': 'length-note' });
    this.lengthModel = h('p', { class: 'sub length-model' });
    this.lengthSuggest = h('button', { type: 'button', class: 'link-btn', 'data-testid': 'length-suggest', onclick: () => this.suggestLength() }, 'back to about 15 minutes');
    this.lengthField = h(
      'div',
      { class: 'field length' },
      this.lengthLabel,
      h('div', { class: 'inline' }, this.lengthInput, this.lengthEstimate),
      this.lengthNote,
      this.lengthSuggest,
      this.lengthModel,
    );
    this.helpSlot = h('div', { class: 'preset-help-slot' });
    this.timeoutInput = h('input', { id: 'timeout', type: 'number', min: 1, max: 3600, value: 60, 'data-testid': 'timeout-input' });
    this.privateInput = h('input', { id: 'private', type: 'checkbox', 'data-testid': 'private-input' });
    this.localInput = h('input', { id: 'local', type: 'checkbox', 'data-testid': 'play-here' });
    this.localInput.addEventListener('change', () => (this.localTouched = true));
    this.knobsInput = h('textarea', { id: 'knobs', rows: 2, placeholder: 'start_chips=50, max_bet=5', 'data-testid': 'knobs-input', spellcheck: 'false' });
    this.knobsInput.addEventListener('input', () => this.showLength());
    this.rulesText = h('textarea', { id: 'rules-text', rows: 6, placeholder: 'game = "pot"\nname = "mine"\n...', 'data-testid': 'rules-text-input', spellcheck: 'false' });
    this.rulesText.addEventListener('input', () => this.showLength());
    this.codeInput = h('input', { id: 'code', type: 'text', maxlength: 12, placeholder: 'CODE', autocapitalize: 'characters', 'data-testid': 'join-code-input' });
    this.tablesList = h('ul', { class: 'open-tables', 'data-testid': 'open-tables' }, h('li', { class: 'sub' }, 'Loading\u2026'));
    this.message = h('p', { class: 'error', role: 'alert', 'data-testid': 'lobby-error' });

    const createForm = h(
      'form',
      { class: 'panel create', 'aria-label': 'New table' },
      h('h2', {}, 'New table'),
      field('Rules', this.presetSelect, 'preset'),
      this.helpSlot,
      h('div', { class: 'two' }, field('Seats', this.seatsInput, 'seats'), field('Turn timeout (s)', this.timeoutInput, 'timeout')),
      this.lengthField,
      field('Knobs (key=value, comma or line separated)', this.knobsInput, 'knobs'),
      h('details', {}, h('summary', {}, 'or paste a rule file'), this.rulesText, h('p', { class: 'sub' }, 'When filled, this text is used instead of the preset.')),
      h('label', { class: 'check', for: 'private' }, this.privateInput, ' Private: not among the open tables; friends join by its link or code'),
      h('label', { class: 'check', for: 'local' }, this.localInput, ' Play on this device: you and bots, or friends passing it round; no server, offline too'),
      h('button', { type: 'submit', class: 'primary', 'data-testid': 'create' }, 'Create table'),
    );
    createForm.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submitCreate();
    });

    const joinForm = h(
      'form',
      { class: 'panel join', 'aria-label': 'Join a table' },
      h('h2', {}, 'Join by code'),
      h(
        'div',
        { class: 'inline' },
        this.codeInput,
        h('button', { type: 'submit', class: 'primary', 'data-testid': 'join' }, 'Join'),
        h('button', { type: 'button', 'data-testid': 'watch', onclick: () => this.codeAction(false) }, 'Watch'),
      ),
    );
    joinForm.addEventListener('submit', (e) => {
      e.preventDefault();
      this.codeAction(true);
    });

    this.el = h(
      'main',
      { class: 'lobby', 'data-testid': 'lobby' },
      h('section', { class: 'panel you' }, field('Your name', this.nameInput, 'name')),
      this.message,
      createForm,
      joinForm,
      h(
        'section',
        { class: 'panel tables' },
        h('div', { class: 'row-head' }, h('h2', {}, 'Open tables'), h('button', { type: 'button', class: 'link-btn', onclick: () => act.refresh(), 'data-testid': 'refresh-tables' }, 'refresh')),
        this.tablesList,
      ),
    );
  }

  /** No server answers this page (offline, or a static host): Play on this device is ticked,
   * unless the person chose themselves. */
  offerLocal(): void {
    if (!this.localTouched) this.localInput.checked = true;
    // No server has answered this page (offline, or web/dist on a static host): there is no list
    // of open tables to wait for, and saying "Loading" would promise one.
    this.tablesList.replaceChildren(
      h('li', { class: 'sub' }, 'No server answers this page, so there are no open tables to join: a game on this device plays here.'),
    );
  }

  get name(): string {
    return this.nameInput.value.trim();
  }

  error(text: string): void {
    this.message.textContent = text;
  }

  setPresets(presets: Preset[]): void {
    this.presets = presets;
    const keep = this.presetSelect.value;
    this.presetSelect.replaceChildren(
      ...presets.map((p) => h('option', { value: p.name, title: p.title }, `${p.name} \u2014 ${p.title}`)),
    );
    if (keep && presets.some((p) => p.name === keep)) this.presetSelect.value = keep;
    else if (presets.length) this.presetSelect.value = presets.reduce((a, b) => (b.order < a.order ? b : a)).name; // its rule file's [lobby] order
    this.presetChanged();
  }

  private presetChanged(): void {
    const p = this.presets.find((x) => x.name === this.presetSelect.value);
    if (!p) return;
    this.seatsInput.min = String(p.min_players);
    this.seatsInput.max = String(p.max_players);
    const v = Number(this.seatsInput.value);
    if (!(v >= p.min_players && v <= p.max_players)) this.seatsInput.value = String(Math.max(2, p.min_players));
    const open = this.helpSlot.querySelector('details')?.open ?? false;
    this.helpSlot.replaceChildren(renderPresetHelp(p, open));
    const knob = presetLength(p.name)?.knob ?? null;
    if (knob !== this.lengthKnob) this.lengthTyped = false; // a length typed for another knob means nothing here
    this.lengthKnob = knob;
    this.showLength();
  }

  /** The length control's default: the value for about 15 minutes at this preset and seat count. */
  private suggestLength(): void {
    this.lengthTyped = false;
    this.showLength();
  }

  /** The length the create request will carry: the control's value, or the free-text knobs'
   * where they name the same knob or another that sets the length (`knobs`: they win, and the
   * control's value is left out); none with a pasted rule file. `value` null: the preset's own. */
  private lengthChoice(): { p: PresetLength; value: number | null; from: 'control' | 'knobs'; knob: string } | null {
    const p = presetLength(this.presetSelect.value);
    if (!p || this.rulesText.value.trim()) return null;
    let typed: Record<string, string> = {};
    try {
      typed = parseKnobs(this.knobsInput.value);
    } catch {
      /* said on create */
    }
    const named = [p.knob, ...p.also].find((k) => Object.prototype.hasOwnProperty.call(typed, k));
    if (named) {
      const n = Number(typed[named]);
      return { p, value: named === p.knob && Number.isInteger(n) && n > 0 ? n : null, from: 'knobs', knob: named };
    }
    const raw = this.lengthInput.value.trim();
    return { p, value: raw === '' ? null : Number(raw), from: 'control', knob: p.knob };
  }

  /** Fills the length control for the preset and seats chosen (its suggestion, unless the person
   * typed their own) and says how long that game lasts. */
  private showLength(): void {
    const p = presetLength(this.presetSelect.value);
    const seats = Number(this.seatsInput.value);
    const s = p ? seatLength(this.presetSelect.value, seats) : null;
    const pasted = this.rulesText.value.trim() !== '';
    this.lengthField.hidden = !p;
    if (!p) return;
    this.lengthLabel.textContent = `Length: ${p.unit}`;
    this.lengthInput.min = String(p.min);
    this.lengthInput.max = String(p.max);
    this.lengthInput.placeholder = String(p.default);
    this.lengthInput.title = p.about;
    this.lengthInput.disabled = pasted;
    if (!this.lengthTyped && s) this.lengthInput.value = String(s.value);
    this.lengthSuggest.hidden = !s || !this.lengthTyped || this.lengthInput.value === String(s.value);
    this.lengthModel.textContent = '';
    if (pasted) {
      this.lengthEstimate.textContent = '';
      this.lengthNote.textContent = 'A pasted rule file sets its own length.';
      return;
    }
    if (!s) {
      this.lengthEstimate.textContent = '';
      this.lengthNote.textContent = `${p.min_players === p.max_players ? p.min_players : `${p.min_players} to ${p.max_players}`} seats for these rules.`;
      return;
    }
    const choice = this.lengthChoice();
    if (choice && choice.knob !== p.knob) {
      // Another knob that sets the length (a number of deals): its minutes are not measured here.
      this.lengthEstimate.textContent = `the knobs set the length (${choice.knob})`;
      this.lengthNote.textContent = `The length control is left out: ${choice.knob} in the knobs sets the length.`;
      return;
    }
    const value = choice?.value ?? null;
    const own = typeof p.default === 'number' ? p.default : null;
    const m = minutesAt(p, s, value ?? own);
    const shown = value ?? p.default;
    this.lengthEstimate.textContent = `${minutesText(m)} (${p.knob} = ${shown}${choice?.from === 'knobs' ? ', from the knobs' : ''})`;
    const players = `${seats} player${seats === 1 ? '' : 's'}`;
    const near =
      s.limit === 'shortest'
        ? `With ${players} even the shortest, ${s.value}, lasts ${minutesText(s)}.`
        : s.limit === 'longest'
          ? `With ${players} even ${s.value} lasts only ${minutesText(s)}.`
          : `Near 15 minutes with ${players}: ${s.value}.`;
    this.lengthNote.textContent = `${capital(p.about)}. The preset\u2019s own: ${p.default}, ${minutesText(s.default)}. ${near}`;
    this.lengthModel.textContent = `Minutes from simulate\u2019s time model: ${timeModelText(p)}.`;
  }

  setTables(tables: TableListing[]): void {
    if (!tables.length) {
      this.tablesList.replaceChildren(h('li', { class: 'sub' }, 'No open tables. Create one!'));
      return;
    }
    this.tablesList.replaceChildren(
      ...tables.map((t) => {
        const canJoin = t.status === 'waiting' && t.filled < t.seats;
        return h(
          'li',
          { 'data-testid': `open-table-${t.table}` },
          h('span', { class: 'code' }, t.table),
          h('span', { class: 'what' }, `${t.rules} \u00b7 ${t.filled}/${t.seats} seated \u00b7 ${t.status}${t.watchers ? ` \u00b7 ${t.watchers} watching` : ''}`),
          h(
            'span',
            { class: 'btns' },
            canJoin ? h('button', { type: 'button', 'data-testid': `join-${t.table}`, onclick: () => this.joinCode(t.table) }, 'Join') : null,
            h('button', { type: 'button', 'data-testid': `watch-${t.table}`, onclick: () => this.act.watch(t.table) }, 'Watch'),
          ),
        );
      }),
    );
  }

  private needName(): string | null {
    const name = this.name;
    if (!name) {
      this.error('Type your name first.');
      this.nameInput.focus();
      return null;
    }
    this.act.nameChanged(name);
    return name;
  }

  private joinCode(code: string): void {
    const name = this.needName();
    if (name) this.act.join(code, name);
  }

  private codeAction(join: boolean): void {
    const code = normalizeCode(this.codeInput.value);
    if (!code) {
      this.error('Type a table code.');
      this.codeInput.focus();
      return;
    }
    if (join) this.joinCode(code);
    else this.act.watch(code);
  }

  private submitCreate(): void {
    const name = this.needName();
    if (!name) return;
    let set: Record<string, string>;
    try {
      set = parseKnobs(this.knobsInput.value);
    } catch (e) {
      this.error((e as Error).message);
      return;
    }
    const text = this.rulesText.value.trim();
    const length = this.lengthChoice();
    if (length && length.from === 'control' && length.value !== null) {
      const { p, value } = length;
      if (!(Number.isInteger(value) && value >= p.min && value <= p.max)) {
        this.error(`Length: ${p.unit} is a whole number from ${p.min} to ${p.max}.`);
        this.lengthInput.focus();
        return;
      }
      // The free-text knobs win where they name the same knob (then lengthChoice says so).
      if (String(value) !== String(p.default)) set = { [p.knob]: String(value), ...set };
    }
    const req: CreateRequest = { name, set, seats: Number(this.seatsInput.value) || 2 };
    const timeout = Number(this.timeoutInput.value);
    if (timeout > 0) req.timeout = timeout;
    if (this.privateInput.checked) req.private = true;
    if (this.localInput.checked) req.local = true;
    if (text) req.rules_text = this.rulesText.value;
    else req.rules = this.presetSelect.value;
    this.error('');
    this.act.create(req);
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function field(label: string, control: HTMLElement, id: string): HTMLElement {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

export interface WaitingActions {
  join(name: string): void;
  addBot(kind: string): void;
  start(): void;
  copied(text: string): void;
}

/** Before the start: the join link, a name to take a seat, and the host's bots and start. */
export function renderWaiting(t: TableMsg, bots: string[], name: string, act: WaitingActions): HTMLElement {
  const link = joinLink(t.table);
  const free = t.seats.filter((s) => !s.name).length;
  const isCreator = t.you !== null && t.you === t.creator;
  // On this device: no link to share; another person here takes a seat (pass-and-play).
  const here = isLocal(t.table);
  const parts: HTMLElement[] = [
    h('h2', {}, free ? 'Waiting for players' : `Ready for game ${t.game}`),
    ...(here
      ? [h('p', { class: 'share' }, 'Played on this device: add bots, or friends who pass it round.')]
      : [h('p', { class: 'share' }, 'Invite people with this link:'), renderInvite(link, t.table, { copied: act.copied })]),
    h('p', { class: 'sub' }, `${t.seats.length - free} of ${t.seats.length} seats filled.`),
  ];
  if ((t.you === null || here) && free > 0) {
    const input = h('input', { type: 'text', maxlength: 40, value: here ? '' : name, placeholder: here ? 'Another player\u2019s name' : 'Your name', 'aria-label': here ? 'Another player\u2019s name' : 'Your name', 'data-testid': 'seat-name-input' });
    const form = h('form', { class: 'inline' }, input, h('button', { type: 'submit', class: 'primary', 'data-testid': 'join-seat' }, here ? 'Seat them' : 'Take a seat'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (input.value.trim()) act.join(input.value.trim());
      else input.focus();
    });
    parts.push(form);
  }
  if (isCreator) {
    if (free > 0) {
      const kind = h('select', { 'aria-label': 'Bot kind', 'data-testid': 'bot-kind' }, ...bots.map((b) => h('option', { value: b }, b)));
      if (bots.includes('sensible')) kind.value = 'sensible';
      parts.push(
        h('div', { class: 'inline' }, kind, h('button', { type: 'button', 'data-testid': 'add-bot', onclick: () => act.addBot(kind.value) }, 'Add bot')),
      );
    }
    parts.push(
      h('button', { type: 'button', class: 'primary', 'data-testid': 'start', disabled: free > 0, onclick: act.start }, free > 0 ? `Start (${free} seat${free > 1 ? 's' : ''} empty)` : 'Start the game'),
    );
  } else if (t.you !== null) {
    parts.push(h('p', { class: 'sub' }, 'The host starts the game when every seat is filled.'));
  }
  return h('section', { class: 'panel waiting', 'data-testid': 'waiting' }, ...parts);
}
