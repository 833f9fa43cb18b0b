// Rules help in the page: the game's rules in short (the rule reference's own words, condensed),
// the preset's description from its rule file, and the knobs the table changed. The table shows
// it (renderHelp) and so does the lobby, for the preset chosen before a table is created
// (renderPresetHelp). The text is the preset's own rule file's `[lobby]` table, sent with the
// server's `presets` list: no game's rules are written here. A description too long for the
// table message comes whole when asked for (setWholeRules).

import { h } from './dom';
import { knobsText } from './table';
import type { Preset, TableMsg } from './types';

// The presets as the server last listed them (`presets`): each carries its rule file's help.
let presetList: Preset[] = [];

// The whole description of a table's rules once asked for (`rules`): a table message carries it
// cut to 200 characters (title_cut), and the help shows the rest only to whoever opens it, in a
// box of its own height that scrolls, below the seats.
let whole: { table: string; text: string } | null = null;

/** The server's `rules` reply: the whole description, shown in the table's help. */
export function setWholeRules(table: string, text: string): void {
  whole = { table, text };
  const box = document.querySelector<HTMLElement>('[data-testid="rules-whole"]');
  if (box?.dataset.table === table) box.textContent = text;
}

function wholeRules(t: TableMsg, ask: () => void): HTMLElement | null {
  if (!t.title_cut) return null;
  const known = whole?.table === t.table ? whole.text : null;
  return h(
    'details',
    {
      class: 'rules-whole',
      ontoggle: (e: Event) => {
        if ((e.currentTarget as HTMLDetailsElement).open && !(whole?.table === t.table)) ask();
      },
    },
    h('summary', { 'data-testid': 'rules-whole-open' }, 'The whole description'),
    h('div', { class: 'whole-text', 'data-testid': 'rules-whole', 'data-table': t.table }, known ?? 'Asking the server\u2026'),
  );
}

/** Keeps the server's `presets` list for the help of the table being watched. */
export function setHelpPresets(presets: Preset[]): void {
  presetList = presets;
}

/** Whether the presets' help has arrived (the table's help is drawn again when it does). */
export function helpKnown(): boolean {
  return presetList.length > 0;
}

/** The rules in short of a preset: its rule file's `[lobby]` table. A table with rules of its own
 * (`custom`) has no preset's help: the page says so rather than show another game's rules. */
export function helpPoints(preset: Preset | undefined): { name: string; points: string[] } {
  if (!preset) return { name: 'these rules', points: [] };
  return { name: preset.help.how_to_play, points: preset.help.rules };
}

function pointsOf(t: Pick<TableMsg, 'rules'>): { name: string; points: string[] } {
  return helpPoints(presetList.find((p) => p.name === t.rules));
}

/** The table's rules help; `askWhole` asks the server for the whole description (title_cut). */
export function renderHelp(t: TableMsg, askWhole: () => void): HTMLElement {
  const { name, points } = pointsOf(t);
  const knobs = knobsText(t);
  return h(
    'details',
    { class: 'panel help', 'data-testid': 'rules-help' },
    h('summary', {}, `How to play ${name}`),
    h('p', { class: 'sub' }, `These rules: ${t.rules} \u2014 ${t.title}`),
    wholeRules(t, askWhole),
    knobs ? h('p', { class: 'sub' }, `Changed for this table: ${knobs} (the line above is the preset\u2019s own).`) : null,
    points.length
      ? h('ul', {}, ...points.map((p) => h('li', {}, p)))
      : h('p', { class: 'sub' }, helpKnown() ? 'These rules came with the table, not from a preset: the title above says what they are.' : ''),
    h('p', { class: 'sub' }, `Each turn has ${t.timeout} s; then a bot makes the move for whoever is to act.`),
  );
}

/** The lobby's folded rules of a preset, before a table is created. */
export function renderPresetHelp(p: Preset, open = false): HTMLElement {
  const { name, points } = helpPoints(p);
  return h(
    'details',
    { class: 'help preset-help', 'data-testid': 'lobby-rules-help', open },
    h('summary', {}, `How to play ${name}`),
    h('p', { class: 'sub' }, `These rules: ${p.name} \u2014 ${p.title}`),
    h('ul', {}, ...points.map((x) => h('li', {}, x))),
  );
}
