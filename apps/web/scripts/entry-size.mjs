// Prints the gzip size of the JavaScript a visit to `/` downloads: the entry chunk named in
// dist/index.html and every chunk it imports statically (lazy routes and dialogs excluded).
// Usage: node scripts/entry-size.mjs [distDir] [budgetKb]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const budgetKb = Number(process.argv[3] ?? 120);
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/([^"]+)"/)?.[1];
if (!entry) throw new Error('no module script in index.html');

const seen = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(
    /(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?"(\.\/[^"]+\.js)"/g,
  )) {
    visit(join(file, '..', m[1]));
  }
};
visit(entry);

let total = 0;
for (const file of seen) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(
  `${(total / 1024).toFixed(2).padStart(8)} KB  gzip JavaScript for / (budget ${budgetKb} KB)`,
);
if (total / 1024 > budgetKb) process.exitCode = 1;
