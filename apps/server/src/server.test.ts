import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDataDir } from './test/database-templates.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));

/**
 * tsx resolves the workspace packages to their sources (their package.json points at dist,
 * which a test must not need).
 */
function tsconfigFor(dir: string): string {
  const path = join(dir, 'tsconfig.json');
  const paths = {
    '@tb/core': [join(repo, 'packages/core/src/index.ts')],
    '@tb/hyperliquid': [join(repo, 'packages/hyperliquid/src/index.ts')],
    '@tb/paper-exchange': [join(repo, 'apps/paper-exchange/src/index.ts')],
  };
  writeFileSync(path, JSON.stringify({ compilerOptions: { baseUrl: repo, paths } }));
  return path;
}

/**
 * The port the server listens on, from Fastify's "Server listening at" line in its JSON log
 * (the server is started on PORT=0: a port probed free and handed over could be taken meanwhile).
 * Every line of the log is kept in `log`.
 */
function listeningPort(child: ChildProcess, log: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      log.push(line);
      const port = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(line)?.[1];
      if (port) resolve(Number(port));
    });
    // The server exited (or closed its output) without listening: startServer reports why.
    lines.on('close', () => reject(new Error('the server never said where it listens')));
  });
}

/** Generous bound of the waits below: a loaded machine is slow, it does not change outcomes. */
const WAIT_MS = 30_000;

/** Resolves once `check` holds, polling; fails after WAIT_MS. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + WAIT_MS;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** `promise`, or a failure naming `what` after WAIT_MS. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not happen within ${WAIT_MS} ms`)),
      WAIT_MS,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** How many requests the server has started on (LOG_LEVEL debug logs each), by method and URL. */
const incoming = (server: Running, method: string, url: string) =>
  server.log.filter(
    (line) =>
      line.includes('"msg":"incoming request"') &&
      line.includes(`"method":"${method}"`) &&
      line.includes(`"url":"${url}"`),
  ).length;

interface Running {
  child: ChildProcess;
  port: number;
  dataDir: string;
  /** The server's log lines so far (JSON). */
  log: string[];
  /** Resolves with the exit code. */
  exited: Promise<{ code: number | null }>;
}

/**
 * The server process as `npm start` runs it (tsx instead of a build), on a folder of its own
 * with the migrated database in it (as after a first start: a fresh one costs seconds here).
 */
async function startServer(env: Record<string, string> = {}): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-server-'));
  migratedDataDir(dataDir);
  // As an older version left it: readable by everyone.
  chmodSync(dataDir, 0o755);
  chmodSync(join(dataDir, 'pglite', 'PG_VERSION'), 0o644);
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: {
      TSX_TSCONFIG_PATH: tsconfigFor(dataDir),
      NODE_ENV: 'test',
      // Debug: the line that says the port and one per request; the log is read, not shown.
      LOG_LEVEL: 'debug',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      ...env,
    },
  });
  const log: string[] = [];
  const port = listeningPort(child, log);
  port.catch(() => undefined); // awaited below once the server is ready
  const running: Running = {
    child,
    port: 0,
    dataDir,
    log,
    exited: undefined as never,
  };
  running.exited = new Promise((resolve) => child.once('exit', (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    void running.exited.then(({ code }) => reject(new Error(`server exited (${code})`)));
  });
  // Logged before 'ready' is sent; a line still in the pipe arrives after the message.
  running.port = await port;
  return running;
}

/** One GET on `agent` (keep-alive), answered with its status. */
function get(port: number, path: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** A raw HTTP exchange on a new connection: resolves with the status line, or the error. */
function rawRequest(port: number, request: string): { socket: Socket; answer: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  socket.write(request);
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
    socket.on('error', (err) => resolve(`error: ${(err as NodeJS.ErrnoException).code}`));
  });
  return { socket, answer };
}

/**
 * The shutdown deadline of the tests: an idle connection used to hold the exit for 72 s and
 * more (its keep-alive and header time-outs), and a half-sent body until the deadline (code 1);
 * now the exit comes by itself (code 0) in about a second, and well within this on a loaded
 * machine.
 */
const DEADLINE_MS = 30_000;
const OVER_DEADLINE = 'shutdown took longer than';

/**
 * PostgreSQL's state in the data folder's pg_control (its DBState, after the system
 * identifier and two versions): 1 once the database was shut down, 6 while it runs, and still
 * 6 after a process that exited without closing it (the next start recovers).
 */
const databaseState = (dataDir: string) =>
  readFileSync(join(dataDir, 'pglite', 'global', 'pg_control')).readInt32LE(16);
const SHUT_DOWN = 1;

/** A sign-in request with the given body and Content-Length. */
const login = (body: string, length = Buffer.byteLength(body)) =>
  'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${length}\r\n\r\n${body}`;

describe('the server process on SIGTERM', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

  it('answers what was just sent, closes idle connections and exits at once', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) });
    cleanup.push(() => rmSync(server.dataDir, { recursive: true, force: true }));
    const agent = new http.Agent({ keepAlive: true });
    cleanup.push(() => agent.destroy());
    // An idle keep-alive connection, and one that never sent a request (a browser's preconnect).
    expect(await get(server.port, '/api/health', agent)).toBe(200);
    const silent = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    cleanup.push(() => silent.destroy());
    const silentClosed = new Promise((resolve) => silent.once('close', resolve));
    // A request the server is working on as the signal comes.
    const late = rawRequest(server.port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    cleanup.push(() => late.socket.destroy());
    await until(() => incoming(server, 'GET', '/api/health') === 2, 'the late request');
    server.child.kill('SIGTERM');

    expect(await within(late.answer, 'the late answer')).toBe('HTTP/1.1 200 OK');
    const { code } = await within(server.exited, 'the exit');
    // By itself, not by the deadline (code 1): the server closed the idle connections.
    expect(code).toBe(0);
    expect(server.log.join('\n')).not.toContain(OVER_DEADLINE);
    await within(silentClosed, 'the silent connection closed');
    expect(existsSync(join(server.dataDir, 'server.lock'))).toBe(false);
    expect(databaseState(server.dataDir)).toBe(SHUT_DOWN);
    // The data folder is the server user's alone (issue 29): the world-readable file that was
    // there before the start, and what the server made.
    expect(statSync(join(server.dataDir, 'pglite', 'PG_VERSION')).mode & 0o777).toBe(0o600);
    expect(statSync(join(server.dataDir, 'pglite')).mode & 0o777).toBe(0o700);
    expect(statSync(server.dataDir).mode & 0o777).toBe(0o700);
  }, 90_000);

  it('drops a body that never finishes, answers a complete one, closes the database', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) });
    cleanup.push(() => rmSync(server.dataDir, { recursive: true, force: true }));
    // A client that sent its headers and half its body, and stalls: it used to hold the exit
    // until the deadline, which then exited 1 without closing the database.
    const stalled = rawRequest(server.port, login('{"username":', 1000));
    cleanup.push(() => stalled.socket.destroy());
    await until(() => incoming(server, 'POST', '/api/users/login') === 1, 'the stalled request');
    // A complete request the server is working on as the signal comes.
    const complete = rawRequest(
      server.port,
      login(JSON.stringify({ username: 'nobody', password: 'not-a-password' })),
    );
    cleanup.push(() => complete.socket.destroy());
    await until(() => incoming(server, 'POST', '/api/users/login') === 2, 'the complete request');
    server.child.kill('SIGTERM');

    expect(await within(complete.answer, 'the complete answer')).toBe('HTTP/1.1 401 Unauthorized');
    const { code } = await within(server.exited, 'the exit');
    expect(code).toBe(0);
    const log = server.log.join('\n');
    expect(log).toContain(
      'SIGTERM: dropped 1 connection(s) whose request body had not finished arriving',
    );
    expect(log).not.toContain(OVER_DEADLINE);
    // Cut off, never answered (its handler never ran).
    expect(await within(stalled.answer, 'the stalled connection closed')).not.toMatch(/^HTTP/);
    expect(existsSync(join(server.dataDir, 'server.lock'))).toBe(false);
    // Closed: the next start opens the folder without recovering it.
    expect(databaseState(server.dataDir)).toBe(SHUT_DOWN);
  }, 90_000);
});
