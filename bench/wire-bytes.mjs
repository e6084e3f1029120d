// Bytes on the wire for pages of a running app (issue 14): which files a page loads (the HTML and
// every script and style sheet, lazy route chunks included) is read from Debian's Chromium, then
// each file is fetched again with node:http, which does not decode, so the bytes counted are the
// bytes sent: once with `accept-encoding: br, gzip` (what a browser gets over HTTPS), once with
// `gzip` only and once with no accept-encoding (identity). It also asks for each asset's `.map`.
//
//   PORT=3300 HOST=127.0.0.1 PAPER_PRICES=synthetic DATA_DIR=$(mktemp -d) node scripts/start.mjs &
//   node bench/wire-bytes.mjs --url http://127.0.0.1:3300 --pages /,/bingo
import { request } from 'node:http';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3300' },
    pages: { type: 'string', default: '/,/bingo' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    json: { type: 'boolean', default: false },
  },
});
const base = new URL(opts.url);
const pages = opts.pages.split(',').filter(Boolean);

/** Same-origin HTML, scripts and style sheets the page loads until the network is idle. */
async function discover(browser, path) {
  const page = await browser.newPage();
  const urls = new Map();
  page.on('response', (res) => {
    const url = new URL(res.url());
    const type = res.request().resourceType();
    if (url.origin !== base.origin || !['document', 'script', 'stylesheet'].includes(type)) return;
    if (res.status() === 200) urls.set(url.pathname, type);
  });
  await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
  await page.close();
  return urls;
}

/** One GET without decoding: status, content-encoding, vary and the body's length as sent. */
function fetchRaw(path, encoding) {
  return new Promise((resolve, reject) => {
    const headers = encoding ? { 'accept-encoding': encoding } : {};
    const req = request(new URL(path, base), { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          encoding: res.headers['content-encoding'] ?? 'identity',
          vary: res.headers.vary ?? '',
          bytes,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: opts.chromium,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const results = [];
try {
  for (const path of pages) {
    const files = [];
    for (const [file, type] of await discover(browser, path)) {
      const [br, gzip, identity] = await Promise.all([
        fetchRaw(file, 'br, gzip'),
        fetchRaw(file, 'gzip'),
        fetchRaw(file, undefined),
      ]);
      const map = type === 'document' ? null : (await fetchRaw(`${file}.map`, undefined)).status;
      files.push({ file, type, br, gzip, identity, map });
    }
    const sum = (key) => files.reduce((n, f) => n + f[key].bytes, 0);
    results.push({
      page: path,
      files,
      total: { br: sum('br'), gzip: sum('gzip'), identity: sum('identity') },
    });
  }
} finally {
  await browser.close();
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
if (opts.json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const r of results) {
    console.log(`\n${r.page}: ${r.files.length} files`);
    console.log('file | br, gzip | gzip | identity | .map');
    for (const f of r.files) {
      const cell = (x) => `${x.bytes} ${x.encoding}`;
      console.log(
        `${f.file} | ${cell(f.br)} | ${cell(f.gzip)} | ${cell(f.identity)} | ${f.map ?? '-'}`,
      );
    }
    const { br, gzip, identity } = r.total;
    console.log(`total: br, gzip ${kb(br)}; gzip ${kb(gzip)}; identity ${kb(identity)}`);
  }
}
