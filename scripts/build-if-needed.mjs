// Builds each workspace whose output is missing or older than its sources, so `npm start`
// works on a fresh clone and stays fast on a built tree (a few stat calls, no compiler).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Newest modification time (ms) of the files under the given paths. */
function newestMtime(paths) {
  let newest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') walk(join(path, entry));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  paths.forEach((p) => walk(join(root, p)));
  return newest;
}

const targets = [
  {
    name: 'core',
    output: 'packages/core/dist/index.js',
    sources: ['packages/core/src', 'packages/core/tsconfig.json'],
    command: [bin('tsc'), ['-b', 'packages/core']],
  },
  {
    name: 'server',
    output: 'apps/server/dist/server.js',
    sources: [
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/tsconfig.json',
      'packages/core/src',
      'packages/hyperliquid/src',
      'apps/paper-exchange/src',
    ],
    command: [bin('tsc'), ['-b', 'apps/server']],
  },
  {
    name: 'web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'packages/core/src',
    ],
    command: [bin('vite'), ['build', '--logLevel', 'warn'], { cwd: join(root, 'apps/web') }],
  },
];

/** Builds what is stale; returns the names built. Exits the process when a build fails. */
export function buildIfNeeded({ force = false } = {}) {
  const built = [];
  for (const t of targets) {
    const out = join(root, t.output);
    const stale = force || !existsSync(out) || newestMtime(t.sources) > statSync(out).mtimeMs;
    if (!stale) continue;
    console.log(`Building ${t.name}...`);
    const [cmd, args, opts = {}] = t.command;
    const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    if (result.status !== 0) {
      console.error(`Build of ${t.name} failed.`);
      process.exit(result.status ?? 1);
    }
    // tsc -b leaves up-to-date outputs untouched; mark the output fresh so the next start skips it.
    const now = new Date();
    utimesSync(out, now, now);
    built.push(t.name);
  }
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfNeeded({ force: process.argv.includes('--force') });
}
