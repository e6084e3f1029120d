// Bingo cell toggle benchmark (DESIGN.md section 5: a toggle re-renders in < 16 ms): in the built
// app, with every widget on /bingo, time from a click on a cell to React's commit of the new
// state, in headless Chromium, without and with 4x CPU throttling, anonymous and signed in.
//
//   npm run build && node bench/toggle.mjs [--clicks 60] [--no-record]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const clicks = Number(args[args.indexOf('--clicks') + 1] || 60);
const record = !args.includes('--no-record');
const root = fileURLToPath(new URL('..', import.meta.url));
const port = 3960;
const base = `http://127.0.0.1:${port}`;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function startServer(dataDir) {
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The paper market on its seeded path: a bench never calls Hyperliquid.
      PAPER_PRICES: 'synthetic',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

/* global document, requestAnimationFrame, MutationObserver -- measureInPage runs in the page. */
/** Clicks the first cell `n` times; each sample is click -> aria-pressed flipped in the DOM. */
function measureInPage(n) {
  return new Promise((resolve) => {
    const samples = [];
    const cell = () => document.querySelector('.bingo-cell__toggle');
    const step = () => {
      if (samples.length === n) return resolve(samples);
      const button = cell();
      const before = button.getAttribute('aria-pressed');
      const t0 = performance.now();
      const done = () => {
        samples.push(performance.now() - t0);
        requestAnimationFrame(() => setTimeout(step, 30));
      };
      button.click();
      if (button.getAttribute('aria-pressed') !== before) return done();
      const observer = new MutationObserver(() => {
        observer.disconnect();
        done();
      });
      observer.observe(button, { attributes: true, attributeFilter: ['aria-pressed'] });
    };
    step();
  });
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95), max: s.at(-1) };
};

async function run(browser, { signedIn, throttle }) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (signedIn) {
    const user = {
      username: `toggler${Date.now()}`,
      email: `t${Date.now()}@example.com`,
      password: 'toggle-pass',
    };
    const res = await fetch(`${base}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    }).then((r) => r.json());
    await page.goto(`${base}/`);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('username', s.user.username);
      localStorage.setItem('tokenExpires', s.expiresAt);
    }, res);
  }
  await page.goto(`${base}/bingo?addWidget=chart`);
  await page.waitForSelector('.bingo-cell__toggle');
  await page.waitForTimeout(1500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const samples = await page.evaluate(measureInPage, clicks);
  await context.close();
  return stats(samples);
}

const dataDir = mkdtempSync(join(tmpdir(), 'tb-toggle-'));
const server = await startServer(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const rows = [];
try {
  for (const signedIn of [false, true]) {
    for (const throttle of [1, 4]) {
      const s = await run(browser, { signedIn, throttle });
      rows.push({ signedIn, throttle, ...s });
      console.log(signedIn ? 'signed in' : 'anonymous', `${throttle}x CPU`, s);
    }
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (x) => x.toFixed(1);
const lines = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: \`node bench/toggle.mjs --clicks ${clicks}\``,
  '',
  `Bingo cell toggle on /bingo with all five widgets, built app, headless Chromium: time from the click to React's commit of the cell's new state (${clicks} clicks each).`,
  '',
  '| user | CPU | median ms | p95 ms | max ms | DESIGN §5 bar (< 16 ms) |',
  '|---|---|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${r.signedIn ? 'signed in (optimistic + PATCH)' : 'anonymous (browser storage)'} | ${r.throttle}x | ${ms(r.median)} | ${ms(r.p95)} | ${ms(r.max)} | ${r.p95 < 16 ? 'met' : 'not met'} (p95) |`,
  ),
  '',
];
console.log(lines.join('\n'));
if (record) {
  const path = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
  const marker = /<!-- Entries below[^>]*-->/;
  const text = readFileSync(path, 'utf8');
  writeFileSync(
    path,
    text.replace(marker, (m) => `${m}\n\n${lines.join('\n')}`),
  );
}
