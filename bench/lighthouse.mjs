// Lighthouse scores of pages of a running app (issue 14: ">= 95 for performance and accessibility
// on `/` and `/bingo`, desktop and phone profiles"; issue 26: "text at least 12 px, Lighthouse
// mobile `/bingo` >= 95 signed in and signed out", whose legible-text audit `font-size` is in the
// SEO category: --categories adds it, --both-sessions the signed-out run). Debian's Chromium is started with
// chrome-launcher; each page is measured with Lighthouse's desktop preset and its default
// (mobile: phone screen, simulated slow 4G and 4x CPU slowdown) profile, one run each, in a new
// tab. `/bingo` is measured signed in: a fresh account is registered through the API and its
// session is put into localStorage (`token`, `username`, `tokenExpires`, as apps/web's
// lib/session.ts keeps it) by a script that runs before the app's own on every new document, so
// Lighthouse's storage reset (a cold visit) still happens first.
//
//   npm run build
//   PORT=3300 HOST=127.0.0.1 PAPER_PRICES=synthetic DATA_DIR=$(mktemp -d) node scripts/start.mjs &
//   node bench/lighthouse.mjs --url http://127.0.0.1:3300 [--pages /,/bingo] [--profiles desktop,phone] [--record]
//   node bench/lighthouse.mjs --pages /bingo --profiles phone --both-sessions \
//     --categories performance,accessibility,best-practices,seo --runs 3 --record      (issue 26)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { record } from './lib/report.mjs';

const USAGE = `Usage: node bench/lighthouse.mjs [options]
  --url URL          the running app (default http://127.0.0.1:3300)
  --pages LIST       comma-separated paths (default /,/bingo); /bingo is measured signed in
  --profiles LIST    desktop, phone or both (default desktop,phone)
  --signed-in LIST   paths measured with a fresh account's session (default /bingo)
  --both-sessions    measure the --signed-in paths signed out as well
  --categories LIST  Lighthouse categories scored and held to the bar: performance,
                     accessibility, best-practices, seo (default performance,accessibility);
                     the legible text share (SEO's font-size audit) is shown with seo
  --runs N           runs per page and profile; the median run (by performance) is reported,
                     with the range (default 1)
  --top N            failing audits listed per run and category (default 5)
  --chromium PATH    the browser (default $CHROMIUM_PATH or /usr/bin/chromium)
  --record           add the entry to bench/RESULTS.md
  --reports DIR      also write each run's full Lighthouse report and its trace (JSON) into DIR
  --json             print the results as JSON instead of the table
  --help             this text`;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ALL_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
let CATEGORIES = ['performance', 'accessibility'];
const BAR = 95;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

function options() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string', default: 'http://127.0.0.1:3300' },
        pages: { type: 'string', default: '/,/bingo' },
        profiles: { type: 'string', default: 'desktop,phone' },
        'signed-in': { type: 'string', default: '/bingo' },
        'both-sessions': { type: 'boolean', default: false },
        categories: { type: 'string', default: 'performance,accessibility' },
        top: { type: 'string', default: '5' },
        runs: { type: 'string', default: '1' },
        chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        record: { type: 'boolean', default: false },
        reports: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    console.error(`${err.message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const list = (s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  const profiles = list(values.profiles);
  const top = Number(values.top);
  const runs = Number(values.runs);
  const bad = profiles.find((p) => p !== 'desktop' && p !== 'phone');
  if (bad || !profiles.length || !Number.isInteger(top) || top < 0) {
    console.error(`${bad ? `unknown profile ${bad}` : 'bad --profiles or --top'}\n${USAGE}`);
    process.exit(2);
  }
  const categories = list(values.categories);
  const unknown = categories.find((c) => !ALL_CATEGORIES.includes(c));
  if (unknown || !categories.length) {
    console.error(`${unknown ? `unknown category ${unknown}` : 'no --categories'}\n${USAGE}`);
    process.exit(2);
  }
  CATEGORIES = ALL_CATEGORIES.filter((c) => categories.includes(c));
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`bad --runs ${values.runs}: a whole number from 1\n${USAGE}`);
    process.exit(2);
  }
  return {
    ...values,
    base: new URL(values.url),
    pages: list(values.pages),
    profiles,
    top,
    runs,
    signedIn: new Set(list(values['signed-in'])),
    bothSessions: values['both-sessions'],
  };
}

/** A fresh account through the API: the session the web app would store after registering. */
async function register(base) {
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}`.slice(-12);
  const body = {
    username: `lh${id}`,
    email: `lh${id}@example.com`,
    password: `lighthouse-${id}-password`,
  };
  const res = await fetch(new URL('/api/users/register', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (res.status !== 201 || !json?.token) {
    throw new Error(`register answered ${res.status}: ${JSON.stringify(json)}`);
  }
  return {
    token: json.token,
    username: json.user?.username ?? body.username,
    expiresAt: json.expiresAt,
  };
}

/** Runs in the page before its own scripts: puts the session into the origin's localStorage. */
function storeSession(origin, session) {
  const { location, localStorage } = globalThis;
  if (location.origin !== origin) return;
  localStorage.setItem('token', session.token);
  localStorage.setItem('username', session.username);
  if (session.expiresAt) localStorage.setItem('tokenExpires', session.expiresAt);
}

/** Failing audits of a category (score below 0.9), heaviest first, then lowest score. */
function failing(lhr, category, top) {
  return lhr.categories[category].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 0.9)
    .sort((a, b) => b.ref.weight - a.ref.weight || a.audit.score - b.audit.score)
    .slice(0, top)
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue ?? '',
      // Accessibility audits name the elements that fail (CSS selectors; the first few).
      nodes: (audit.details?.items ?? [])
        .map((item) => item.node?.selector)
        .filter(Boolean)
        .slice(0, 3),
    }));
}

async function measure(browser, opts, path, profile, session, run = 0) {
  const page = await browser.newPage();
  try {
    if (session) await page.evaluateOnNewDocument(storeSession, opts.base.origin, session);
    // The API answers the page got: a signed-in run must have had its session accepted.
    const api = [];
    page.on('response', (res) => {
      const u = new URL(res.url());
      if (u.origin === opts.base.origin && u.pathname.startsWith('/api/')) {
        api.push(`${res.request().method()} ${u.pathname} ${res.status()}`);
      }
    });
    const url = new URL(path, opts.base).href;
    const flags = { logLevel: 'error', output: 'json', onlyCategories: CATEGORIES };
    const config = profile === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config, page);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${path} ${profile}: ${lhr.runtimeError.message}`);
    if (opts.reports) {
      mkdirSync(opts.reports, { recursive: true });
      const name = `${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${profile}${!session && opts.signedIn.has(path) ? '-signed-out' : ''}${run ? `-${run + 1}` : ''}.json`;
      writeFileSync(join(opts.reports, name), JSON.stringify(lhr));
      // The trace too, to open in Chrome's Performance panel or read its main-thread tasks.
      const trace = result.artifacts.Trace ?? result.artifacts.traces?.defaultPass;
      if (trace)
        writeFileSync(
          join(opts.reports, name.replace(/\.json$/, '.trace.json')),
          JSON.stringify(trace),
        );
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [
        c,
        lhr.categories[c].score === null ? null : Math.round(lhr.categories[c].score * 100),
      ]),
    );
    const metrics = Object.fromEntries(
      METRICS.map(([id, short]) => [short, lhr.audits[id]?.displayValue ?? '–']),
    );
    return {
      page: path,
      profile,
      signedIn: Boolean(session),
      // SEO's font-size audit: '100% legible text' (text under 12 px is not).
      legible: lhr.audits['font-size']?.displayValue ?? null,
      finalUrl: lhr.finalDisplayedUrl,
      api,
      scores,
      metrics,
      failing: Object.fromEntries(CATEGORIES.map((c) => [c, failing(lhr, c, opts.top)])),
      warnings: lhr.runWarnings,
    };
  } finally {
    await page.close();
  }
}

const lighthouseVersion = () =>
  JSON.parse(
    readFileSync(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8'),
  ).version;

/**
 * One measurement, tried again (twice at most) when Lighthouse could not record the load at all
 * (its runtime errors, e.g. NO_NAVSTART, now and then in a new tab): that run says nothing about
 * the page. Any other failure stops the bench.
 */
async function measureWithRetry(run) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 3 || !/\(NO_[A-Z_]+\)/.test(String(err?.message))) throw err;
      console.error(`${err.message}: measuring again`);
    }
  }
}

/** ' (93–97)' for several runs' scores, '' for one. */
function range(scores) {
  if (!scores || scores.length < 2) return '';
  const known = scores.filter((s) => s !== null);
  return ` (${Math.min(...known)}–${Math.max(...known)})`;
}

/** The run whose performance score is the median (the lower middle one for an even count). */
function medianRun(runs) {
  const sorted = [...runs].sort(
    (a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1),
  );
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)],
    performanceRuns: runs.map((r) => r.scores.performance),
  };
}

function entryText(opts, results, browserVersion, startedAt, loadAtStart) {
  const args = process.argv.slice(2).join(' ');
  const cpu = cpus();
  const verdict = (r) => {
    const low = CATEGORIES.filter((c) => !(r.scores[c] >= BAR));
    return low.length ? `not met (${low.join(', ')})` : 'met';
  };
  const audits = (r) =>
    CATEGORIES.flatMap((c) =>
      r.failing[c].map((a) => `\`${a.id}\`${a.displayValue ? ` (${a.displayValue})` : ''}`),
    ).join(', ') || '–';
  const seo = CATEGORIES.includes('seo');
  const names = CATEGORIES.join(', ').replace(/, ([^,]*)$/, ' and $1');
  const lines = [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: Lighthouse (issue ${CATEGORIES.length > 2 || opts.bothSessions ? '26' : '14'}), \`node bench/lighthouse.mjs${args ? ` ${args}` : ''}\``,
    '',
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, ${type()} ${release()}; Node ${process.version}, Lighthouse ${lighthouseVersion()}, ${browserVersion} (Debian), flags \`${CHROME_FLAGS.join(' ')}\`.`,
    `Load average (1 min, other work on the machine slows the runs): ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end.`,
    `${opts.runs === 1 ? 'One run' : `${opts.runs} runs`} per page and profile, each in a new tab after Lighthouse's storage reset (a first visit)${opts.runs === 1 ? '' : '; the table shows the median run by performance (the lower of the middle two for an even count), its range in brackets'}: desktop is Lighthouse's desktop preset, phone its default mobile profile (simulated slow 4G, 4x CPU slowdown). Signed-in pages use a fresh account's session put into localStorage before the app starts${opts.bothSessions ? '; they are measured signed out too' : ''}. Bar: ${names} >= ${BAR}.${seo ? " Legible: SEO's font-size audit, the share of the page's text at 12 px or more." : ''} Failing audits: score below 0.9, heaviest first.`,
    '',
    `| page | profile | ${CATEGORIES.join(' | ')}${seo ? ' | legible' : ''} | FCP | LCP | TBT | CLS | SI | bar | failing audits |`,
    `|---|---|${CATEGORIES.map(() => '---:|').join('')}${seo ? '---:|' : ''}---:|---:|---:|---:|---:|---|---|`,
    ...results.map(
      (r) =>
        `| \`${r.page}\` (${r.signedIn ? 'signed in' : 'signed out'}) | ${r.profile} | ` +
        `${CATEGORIES.map((c) => `${r.scores[c] ?? '–'}${c === 'performance' ? range(r.performanceRuns) : ''}`).join(' | ')} | ` +
        `${seo ? `${(r.legible ?? '–').replace(/ legible text$/, '')} | ` : ''}` +
        `${METRICS.map(([, s]) => r.metrics[s]).join(' | ')} | ${verdict(r)} | ${audits(r)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

function printTable(results) {
  for (const r of results) {
    const s = r.scores;
    console.log(
      `\n${r.page} (${r.signedIn ? 'signed in' : 'signed out'}) ${r.profile}: ` +
        CATEGORIES.map(
          (c) => `${c} ${s[c] ?? '–'}${c === 'performance' ? range(r.performanceRuns) : ''}`,
        ).join(', ') +
        `${r.legible ? `, ${r.legible}` : ''}` +
        ` (${METRICS.map(([, k]) => `${k} ${r.metrics[k]}`).join(', ')}); final URL ${r.finalUrl}`,
    );
    console.log(`  API: ${r.api.join(', ') || 'none'}`);
    for (const c of CATEGORIES) {
      for (const a of r.failing[c]) {
        const score = Math.round(a.score * 100);
        console.log(
          `  ${c}: ${a.id} (score ${score}, weight ${a.weight}) ${a.title}${a.displayValue ? `: ${a.displayValue}` : ''}`,
        );
        if (a.nodes.length) console.log(`    e.g. ${a.nodes.join(' | ')}`);
      }
    }
    for (const w of r.warnings) console.log(`  warning: ${w}`);
  }
}

const opts = options();
const startedAt = new Date();
const loadAtStart = loadavg()[0];
const chrome = await chromeLauncher.launch({
  chromePath: opts.chromium,
  chromeFlags: CHROME_FLAGS,
});
const results = [];
let failed = false;
try {
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  const browserVersion = await browser.version();
  const needsSession = opts.pages.some((p) => opts.signedIn.has(p));
  const session = needsSession ? await register(opts.base) : null;
  // Each page once, a signed-in page with its session (and, with --both-sessions, first without).
  const visits = opts.pages.flatMap((path) =>
    !opts.signedIn.has(path)
      ? [{ path, session: null }]
      : opts.bothSessions
        ? [
            { path, session: null },
            { path, session },
          ]
        : [{ path, session }],
  );
  for (const { path, session: visitSession } of visits) {
    for (const profile of opts.profiles) {
      const runs = [];
      for (let i = 0; i < opts.runs; i += 1) {
        const run = await measureWithRetry(() =>
          measure(browser, opts, path, profile, visitSession, i),
        );
        // /bingo also works anonymously (the local journal): the proof of the sign-in is that
        // the page's own `GET /api/users/me` was answered 200.
        if (run.signedIn && !run.api.includes('GET /api/users/me 200')) {
          console.error(
            `${path} ${profile}: no GET /api/users/me 200 (${run.api.join(', ') || 'no API call'}): not signed in?`,
          );
          failed = true;
        }
        runs.push(run);
      }
      const r = medianRun(runs);
      results.push(r);
      if (!opts.json) printTable([r]);
    }
  }
  await browser.disconnect();
  if (opts.json) console.log(JSON.stringify(results, null, 2));
  const entry = entryText(opts, results, browserVersion, startedAt, loadAtStart);
  if (!opts.json) console.log(`\n${entry}`);
  if (opts.record && !failed) record(entry);
  else if (opts.record) console.error('not recorded: a run failed');
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await chrome.kill();
}
process.exit(failed ? 1 : 0);
