// Games worth playing (issue 47, finding 16): the lobby says how long a game of the chosen preset
// and seat count lasts, sets its length near 15 minutes by default (src/lengths.gen.ts, from
// `inbetween simulate`: npm run lengths), lets a typed knob win, and shows the preset's rules.
import { expect, test, type Page } from '@playwright/test';
import { addBots } from './helpers';
import { lengths, minutesAt, minutesText, seatLength } from '../src/lengths';

async function lobby(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByTestId('name-input').fill('Ann');
  await expect(page.getByTestId('preset-select').locator('option')).not.toHaveCount(0);
}

async function choose(page: Page, preset: string, seats: number): Promise<void> {
  await page.getByTestId('preset-select').selectOption(preset);
  await page.getByTestId('seats-input').fill(String(seats));
}

test('the data covers every preset the server lists and every seat count', async ({ page }) => {
  const presets: { name: string; family: string; min_players: number; max_players: number }[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      const m = JSON.parse(String(f.payload));
      if (m.type === 'presets') presets.push(...m.presets);
    }),
  );
  await lobby(page);
  await expect.poll(() => presets.length).toBeGreaterThan(0);
  for (const p of presets) {
    const d = lengths.presets[p.name];
    expect(d, `${p.name}: no lengths (npm run lengths)`).toBeDefined();
    expect(d.family).toBe(p.family);
    for (let n = p.min_players; n <= p.max_players; n++) {
      const s = d.seats[String(n)];
      expect(s, `${p.name} with ${n} seats: no lengths (npm run lengths)`).toBeDefined();
      expect(s.minutes).toBeGreaterThan(0);
      expect(s.default.minutes).toBeGreaterThan(0);
      expect(s.curve.length).toBeGreaterThan(1);
      // Near 15 minutes unless even the shortest game the knob allows is longer.
      if (!s.limit) expect(Math.abs(s.minutes - lengths.goal_minutes)).toBeLessThan(5);
    }
  }
  expect(Object.keys(lengths.presets).sort()).toEqual(presets.map((p) => p.name).sort());
});

test('the lobby shows the minutes for a preset and changes them with the seats', async ({ page }) => {
  await lobby(page);
  await choose(page, 'hoyle', 2);
  const two = seatLength('hoyle', 2)!;
  const p = lengths.presets.hoyle;
  await expect(page.getByTestId('length-input')).toHaveValue(String(two.value));
  await expect(page.getByTestId('length-estimate')).toHaveText(`${minutesText(two)} (${p.knob} = ${two.value})`);
  await page.getByTestId('seats-input').fill('4');
  const four = seatLength('hoyle', 4)!;
  await expect(page.getByTestId('length-input')).toHaveValue(String(four.value));
  await expect(page.getByTestId('length-estimate')).toHaveText(`${minutesText(four)} (${p.knob} = ${four.value})`);
  // A length typed by hand stays when the seats change, and its minutes follow the seats.
  await page.getByTestId('length-input').fill('6');
  await expect(page.getByTestId('length-estimate')).toHaveText(`${minutesText(minutesAt(p, four, 6))} (${p.knob} = 6)`);
  await page.getByTestId('seats-input').fill('3');
  await expect(page.getByTestId('length-input')).toHaveValue('6');
  await expect(page.getByTestId('length-estimate')).toHaveText(`${minutesText(minutesAt(p, seatLength('hoyle', 3)!, 6))} (${p.knob} = 6)`);
  await page.getByTestId('length-suggest').click();
  await expect(page.getByTestId('length-input')).toHaveValue(String(seatLength('hoyle', 3)!.value));
  // Another preset, another knob: its own suggestion.
  await choose(page, 'threebetween', 4);
  const tb = seatLength('threebetween', 4)!;
  await expect(page.getByTestId('length-input')).toHaveValue(String(tb.value));
  await expect(page.getByTestId('length-estimate')).toHaveText(`${minutesText(tb)} (target = ${tb.value})`);
  await expect(page.getByTestId('length-note')).toContainText('points');
});

test('hoyle-3 with 3 seats defaults to the 15-minute length, and the table gets it', async ({ page }) => {
  const s = seatLength('hoyle-3', 3)!;
  const knob = lengths.presets['hoyle-3'].knob;
  expect(String(s.value)).not.toBe(String(lengths.presets['hoyle-3'].default)); // finding 16: the preset's own is short
  await lobby(page);
  await choose(page, 'hoyle-3', 3);
  await expect(page.getByTestId('length-input')).toHaveValue(String(s.value));
  await page.getByTestId('create').click();
  await expect(page.getByTestId('waiting')).toBeVisible();
  await expect(page.getByTestId('knobs')).toContainText(`${knob} = ${s.value}`);
  await addBots(page, 2);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('table-status')).toContainText('in play');
  await expect(page.getByTestId('knobs')).toContainText(`${knob} = ${s.value}`);
});

test('a knob typed in the knobs field wins over the length control', async ({ page }) => {
  const knob = lengths.presets['hoyle-3'].knob;
  await lobby(page);
  await choose(page, 'hoyle-3', 3);
  await page.getByTestId('knobs-input').fill(`start_chips=30, ${knob}=7`);
  await expect(page.getByTestId('length-estimate')).toContainText(`${knob} = 7, from the knobs`);
  await page.getByTestId('create').click();
  await expect(page.getByTestId('waiting')).toBeVisible();
  await expect(page.getByTestId('knobs')).toContainText(`${knob} = 7`);
  await expect(page.getByTestId('knobs')).toContainText('start_chips = 30');
  await expect(page.getByTestId('knobs')).not.toContainText(`${knob} = ${seatLength('hoyle-3', 3)!.value}`);
});

test('another knob that sets the length (deals beside deals per dealer) leaves the control out', async ({ page }) => {
  const p = lengths.presets.hoyle;
  expect(p.also).toContain('deals');
  await lobby(page);
  await choose(page, 'hoyle', 2);
  await page.getByTestId('knobs-input').fill('deals=30');
  await expect(page.getByTestId('length-estimate')).toHaveText('the knobs set the length (deals)');
  await page.getByTestId('create').click();
  await expect(page.getByTestId('waiting')).toBeVisible();
  await expect(page.getByTestId('knobs')).toHaveText(' with deals = 30');
});

test('a length typed by hand reaches the table; the preset\u2019s own sends no knob', async ({ page }) => {
  await lobby(page);
  await choose(page, 'red-dog', 2);
  await page.getByTestId('length-input').fill('31');
  await page.getByTestId('create').click();
  await expect(page.getByTestId('knobs')).toContainText('deals = 31');
  await lobby(page);
  await choose(page, 'red-dog', 2);
  await page.getByTestId('length-input').fill(String(lengths.presets['red-dog'].default));
  await page.getByTestId('create').click();
  await expect(page.getByTestId('waiting')).toBeVisible();
  await expect(page.getByTestId('rules-title')).toContainText('Casino Red Dog'); // the preset's own words, not knobs
  await expect(page.getByTestId('knobs')).toHaveCount(0);
});

test('the rules of the chosen preset are readable in the lobby', async ({ page }) => {
  await lobby(page);
  await choose(page, 'red-dog', 2);
  const help = page.getByTestId('lobby-rules-help');
  await expect(help.locator('summary')).toHaveText('How to play Red Dog');
  await expect(help.locator('li').first()).toBeHidden(); // folded
  await help.locator('summary').click();
  await expect(help.locator('li').first()).toBeVisible();
  await expect(help).toContainText('spread');
  await expect(help).toContainText(lengths.presets['red-dog'].title);
  // It follows the preset and stays open.
  await choose(page, 'threebetween', 3);
  await expect(help.locator('summary')).toHaveText('How to play ThreeBeTween');
  await expect(help).toContainText('Alpha deck');
  await expect(help.locator('li').first()).toBeVisible();
  await choose(page, 'banker', 3);
  await expect(help).toContainText('dealer as banker');
  await choose(page, 'hoyle-3', 3);
  await expect(help).toContainText('A pair of posts wins chips from the pot');
});

test('the lobby opens on the preset its rule file lists first, and the table keeps its rules after a reload', async ({ page }) => {
  await lobby(page);
  await expect(page.getByTestId('preset-select')).toHaveValue('hoyle'); // rules/hoyle.toml: [lobby] order = 1
  await choose(page, 'banker', 3);
  await page.getByTestId('create').click();
  await expect(page.getByTestId('waiting')).toBeVisible();
  const help = page.getByTestId('rules-help');
  await expect(help.locator('summary')).toHaveText('How to play In Between with the dealer as banker');
  await expect(help).toContainText('You may buy more chips at any time');
  await page.reload();
  await expect(page.getByTestId('waiting')).toBeVisible();
  await expect(help.locator('summary')).toHaveText('How to play In Between with the dealer as banker');
  await expect(help.locator('li')).toHaveCount(8); // the pot games' four points and banker's own four
});
