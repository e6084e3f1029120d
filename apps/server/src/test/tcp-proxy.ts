import { createServer, connect, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { createPgDatabase } from './helper.js';

/**
 * A TCP proxy on 127.0.0.1 in front of PostgreSQL, for the outage tests. It forwards both ways
 * and can fail as a database or a network does:
 * - `freeze`: forwards nothing on the connections it holds and accepts new ones without ever
 *   answering, as a stopped (SIGSTOP) or partitioned database server does; `thaw` drops the
 *   frozen connections and forwards new ones again;
 * - `dropAll`: destroys every connection at once, as a network cut or a crashed server does,
 *   and forwards the connections made afterwards;
 * - `hold` / `release`: stops and restarts reading what the clients send (the answers still
 *   flow), so a test can keep transactions open on the server while it acts;
 * - `watch`: sees every chunk a client sends (after forwarding it) and the client's socket, to
 *   act at a known point (pausing that socket holds that one connection).
 */
export interface TcpProxy {
  /** The target URL with its host and port replaced by the proxy's. */
  url: string;
  freeze(): void;
  thaw(): void;
  dropAll(): void;
  hold(): void;
  release(): void;
  watch(watcher: Watcher | null): void;
  close(): Promise<void>;
}

/** Sees a chunk a client sent (already forwarded) and that client's socket. */
export type Watcher = (chunk: Buffer, client: Socket) => void;

export async function tcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const clients = new Set<Socket>();
  const all = new Set<Socket>();
  let frozen = false;
  let held = false;
  let watcher: Watcher | null = null;

  const track = (socket: Socket) => {
    all.add(socket);
    socket.on('close', () => all.delete(socket));
  };

  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    track(client);
    if (frozen) {
      client.pause();
      return;
    }
    clients.add(client);
    client.on('close', () => clients.delete(client));
    if (held) client.pause();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    upstream.on('error', () => undefined);
    track(upstream);
    client.on('data', (chunk: Buffer) => {
      if (!upstream.destroyed) upstream.write(chunk);
      watcher?.(chunk, client);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!client.destroyed) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.host = `127.0.0.1:${(server.address() as { port: number }).port}`;

  const destroyAll = () => {
    for (const socket of [...all]) socket.destroy();
    all.clear();
    clients.clear();
  };

  return {
    url: url.toString(),
    freeze() {
      frozen = true;
      for (const socket of all) socket.pause();
    },
    thaw() {
      frozen = false;
      destroyAll();
    },
    dropAll: destroyAll,
    hold() {
      held = true;
      for (const client of clients) client.pause();
    },
    release() {
      held = false;
      for (const client of clients) client.resume();
    },
    watch(next) {
      watcher = next;
    },
    close: () => {
      destroyAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface AppBehindProxy {
  app: FastifyInstance;
  proxy: TcpProxy;
  database: Database;
  /** The fresh database's own URL (not through the proxy), for an admin connection. */
  directUrl: string;
  close(): Promise<void>;
}

/**
 * An app (no web app, no reconciler timer) on a fresh PostgreSQL database reached through a
 * `tcpProxy`. `url` changes the proxy URL the app connects with (a password the server never
 * asks for, say); `log` receives the database's warnings.
 */
export async function appBehindProxy(
  opts: {
    timeoutMs?: number;
    log?: (message: string) => void;
    url?: (proxyUrl: string) => string;
  } = {},
): Promise<AppBehindProxy> {
  const pgDb = await createPgDatabase();
  const proxy = await tcpProxy(pgDb.url);
  const database = await openDatabase({
    databaseUrl: opts.url ? opts.url(proxy.url) : proxy.url,
    timeoutMs: opts.timeoutMs,
    log: opts.log,
  });
  const parsed = parseConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST: '/none',
    RECONCILE_INTERVAL_MS: '0',
  });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const app = await buildApp(parsed.config, { database, appSecret: 'x'.repeat(40) });
  await app.ready();
  return {
    app,
    proxy,
    database,
    directUrl: pgDb.url,
    close: async () => {
      proxy.thaw();
      await app.close();
      await database.close();
      await proxy.close();
      await pgDb.drop();
    },
  };
}
