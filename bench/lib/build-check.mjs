// Whether the built server is there and up to date with its sources (and those of the packages
// it references), by asking the TypeScript build itself: `tsc -b --dry apps/server`; a stamp
// of the build to notice a rebuild during a run; what the build's configuration offers.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILD_HINT = 'run `npm run build` (or `npx tsc -b apps/server`) first';

/** Throws with what to run when `server` is missing or older than its sources. */
export function checkServerBuild(server) {
  if (!existsSync(server)) throw new Error(`${server} is missing: ${BUILD_HINT}`);
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const out = execFileSync(process.execPath, [tsc, '-b', '--dry', 'apps/server'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const stale = [...out.matchAll(/A non-dry build would build project '([^']+)'/g)].map((m) =>
    m[1].replace(ROOT, '').replace(/\/tsconfig\.json$/, ''),
  );
  if (stale.length) {
    throw new Error(`the build is out of date (${stale.join(', ')}): ${BUILD_HINT}`);
  }
}

/** The latest modification time of the built server's files: changes when someone rebuilds. */
export function buildStamp(server) {
  const dist = dirname(server);
  let latest = 0;
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const path = join(entry.parentPath ?? entry.path, entry.name);
    latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * The server's default LEADERBOARD_CACHE_MS read from the built config, or undefined when the
 * build has no leaderboard cache.
 */
export function leaderboardCacheDefault(server) {
  const config = readFileSync(join(dirname(server), 'config.js'), 'utf8');
  const match = /LEADERBOARD_CACHE_MS:[^\n]*\.default\(([\d_]+)\)/.exec(config);
  if (match) return Number(match[1].replace(/_/g, ''));
  return config.includes('LEADERBOARD_CACHE_MS') ? NaN : undefined;
}
