// The browser table when its server dies: two nodes on one PostgreSQL; Ann plays on node a; watchers
// open the table's link on node b (forwarded to a). a is killed: the pages say the table is moving
// and try again, then b takes it over and they show it again.
const { chromium } = require('/work/main/web/node_modules/playwright');
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
(async () => {
  execFileSync('/work/main/tests/support/postgres.sh', ['start', '/tmp/shots/pg']);
  const uri = fs.readFileSync('/tmp/shots/pg/uri', 'utf8').trim();
  const node = (name) => new Promise((resolve) => {
    const p = spawn('/work/main/build/inbetween', ['serve', '--port', '0', '--db', uri, '--node', name, '--lease-seconds', '6'], { env: { ...process.env, INBETWEEN_DATA: '/work/main' } });
    p.stdout.on('data', (d) => { const m = /127\.0\.0\.1:(\d+)\//.exec(d.toString()); if (m) resolve({ p, url: `http://127.0.0.1:${m[1]}` }); });
  });
  const a = await node('a'), b = await node('b');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const ann = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await ann.goto(a.url + '/');
  await ann.getByTestId('name-input').fill('Ann');
  await ann.getByTestId('preset-select').selectOption('hoyle');
  await ann.getByTestId('seats-input').fill('2');
  await ann.getByTestId('knobs-input').fill('deals=30');
  await ann.getByTestId('create').click();
  await ann.getByTestId('waiting').waitFor();
  const code = (await ann.getByTestId('table-code').textContent()).trim();
  await ann.getByTestId('bot-kind').selectOption('sensible');
  await ann.getByTestId('add-bot').click();
  await sleep(300);
  await ann.getByTestId('start').click();
  await sleep(1500);
  const watchers = [];
  for (const [w, h] of [[360, 780], [1280, 860]]) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(`${b.url}/#${code}`);
    await page.getByTestId('table-view').waitFor();
    await sleep(800);
    await page.screenshot({ path: `/tmp/shots/forwarded-${w}.png` });
    watchers.push([w, page]);
  }
  a.p.kill('SIGKILL');
  await sleep(2500);
  for (const [w, page] of watchers) await page.screenshot({ path: `/tmp/shots/moving-${w}.png` });
  await sleep(9000);
  for (const [w, page] of watchers) await page.screenshot({ path: `/tmp/shots/taken-over-${w}.png` });
  await browser.close();
  b.p.kill('SIGTERM');
  execFileSync('/work/main/tests/support/postgres.sh', ['stop', '/tmp/shots/pg']);
})().catch((e) => { console.error(e); process.exit(1); });
