/**
 * Which failures mean "the database cannot be reached right now" (503 DATABASE_UNAVAILABLE,
 * DESIGN.md section 10) rather than a bug (500). Drizzle wraps the driver's error in a
 * DrizzleQueryError and the pool wraps some in others, so the whole cause chain is read.
 */

/** Node's network errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs outside class 08 (connection exception) that mean the server is going away, not
 * answering in time or full: admin/crash/cannot-connect-now shutdown, a statement cancelled by
 * statement_timeout, too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/**
 * Errors the pg pool and client, and PGlite, throw without a code: a connection that dropped,
 * the connect or pool-wait time-out, the client-side query time-out, a closed database.
 */
const NO_CODE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is closed$/,
];

/** True when `err`, or anything in its cause chain, is a connection-level database failure. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return causeChain(err).some(isUnavailableNode);
}

/** The error and its causes (and an AggregateError's errors), outermost first, bounded. */
export function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  const queue: unknown[] = [err];
  while (queue.length > 0 && chain.length < 12) {
    const next = queue.shift();
    if (next === null || next === undefined || chain.includes(next)) continue;
    chain.push(next);
    if (typeof next !== 'object') continue;
    const { cause, errors } = next as { cause?: unknown; errors?: unknown };
    if (cause !== undefined) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors.slice(0, 4));
  }
  return chain;
}

function isUnavailableNode(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const { code, message } = node as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && code !== '') {
    return code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code);
  }
  return typeof message === 'string' && NO_CODE_MESSAGES.some((re) => re.test(message));
}
