// The server processes (hello-world and the app) and the temporary data folders of a run. Both
// are registered here so that cleanup.mjs can remove them whatever happens.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Server processes still running. */
export const children = new Set();
/** Temporary folders not removed yet. */
export const tempDirs = new Set();

export function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'tb-bench-'));
  tempDirs.add(dir);
  return dir;
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** A port that was free a moment ago (the server binds it right after). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Keys of the app server's configuration: never inherited from the caller's environment. */
const SERVER_KEYS = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'APP_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_URL',
  'LOG_LEVEL',
  'WEB_DIST',
  'TRUST_PROXY',
  'RATE_LIMIT_SCALE',
];

/** Echoes a child's output with a prefix and counts the lines in `child.logLines`. */
function echoOutput(child, label) {
  child.logLines = 0;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        child.logLines += 1;
        if (child.logLines <= 50) console.error(`  [${label}] ${line}`);
        else if (child.logLines === 51) console.error(`  [${label}] (further output hidden)`);
      }
    });
  }
}

/**
 * Starts a server script in a child process; resolves once it sends 'ready'. Its output is
 * echoed with a prefix and counted: at LOG_LEVEL=warn any line is worth a look. It listens on
 * a free port, or on `port` when given.
 */
export async function startServer(label, script, env, { port: fixedPort } = {}) {
  const port = fixedPort ?? (await freePort());
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !SERVER_KEYS.includes(key)),
  );
  const child = fork(script, [], {
    // PAPER_PRICES: the paper market on its seeded path; a bench never calls Hyperliquid.
    env: {
      ...base,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PAPER_PRICES: 'synthetic',
      ...env,
      PORT: String(port),
    },
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.add(child);
  child.label = label;
  echoOutput(child, label);
  child.on('exit', () => children.delete(child));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} not ready after 60 s`)), 60_000);
    child.on('message', (msg) => {
      if (msg === 'ready') {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited during start-up (${signal ?? `code ${code}`})`));
    });
  });
  child.url = `http://127.0.0.1:${port}`;
  return child;
}

export function alive(child) {
  return child.exitCode === null && child.signalCode === null;
}

/** Throws when the server exited during a run, with how it ended. */
export function checkAlive(child) {
  if (alive(child)) return;
  const how = child.signalCode ?? `code ${child.exitCode}`;
  throw new Error(`${child.label} died during the run (${how})`);
}

/** SIGTERM (the server closes its database), SIGKILL after 10 s. */
export function stop(child) {
  if (!alive(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
