/** The messages between db/pglite-thread.ts (the server's thread) and db/pglite-worker.ts. */
import { messages } from '@electric-sql/pglite';

export interface PgliteWorkerData {
  dataDir: string;
  /** PGliteOptions without functions (they cannot cross threads). */
  options: Record<string, unknown>;
  /** PostgreSQL settings (`name=value`) added to PGlite's own start parameters. */
  settings?: readonly string[];
}

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[] | undefined;
      rowMode: 'array' | 'object' | undefined;
      /** Types whose text is handed over as it is (drizzle's parsers for dates, intervals...). */
      rawOids: number[] | undefined;
      tx: number | undefined;
    }
  | { id: number; op: 'exec'; sql: string; tx: number | undefined }
  | { id: number; op: 'begin' }
  | { id: number; op: 'rollback'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** What a request answered; id 0 is the opening of the database. */
export type PgliteReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

/** An error as it crosses threads: its name, message, stack and plain fields (code, detail...). */
export interface WireError {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, string | number | boolean | null | unknown[]>;
}

/** PGlite's errors carry the failed query's options (functions): those stay behind. */
const LEFT_BEHIND = new Set(['queryOptions', 'stack', 'message', 'name']);

export function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) {
    return { name: 'Error', message: String(err), stack: undefined, fields: {} };
  }
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (LEFT_BEHIND.has(key)) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    } else if (Array.isArray(value)) {
      try {
        fields[key] = structuredClone(value);
      } catch {
        // A value that cannot cross threads is left out.
      }
    }
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

/**
 * The error as PGlite would have thrown it in this thread: a database error is pg-protocol's
 * DatabaseError with its SQLSTATE `code`, `detail`, `constraint`..., which the app reads.
 */
export function fromWireError(wire: WireError): Error {
  const err: Error =
    wire.name === 'error'
      ? new messages.DatabaseError(wire.message, Number(wire.fields.length ?? 0), 'error')
      : Object.assign(new Error(wire.message), { name: wire.name });
  Object.assign(err, wire.fields);
  if (wire.stack) err.stack = wire.stack;
  return err;
}
