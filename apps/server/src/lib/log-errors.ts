/**
 * The logger's `err` serializer: what a log line may say about an error. A failed query's
 * error carries every parameter of the statement (Drizzle's message ends in `params: ...`,
 * PGlite's error has `params`, PostgreSQL's `detail` quotes the failing row and class-22
 * messages quote the bad value), and those are emails, password hashes and tokens. So the line
 * keeps the cause (type, SQLSTATE, the message without values, the SQL text with its `$n`
 * placeholders, the stack frames) and never a parameter.
 */

/** Fields never logged: statement parameters and PostgreSQL's texts that quote row values. */
const DROPPED_FIELDS = new Set([
  'params',
  'parameters',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
  'message',
  'stack',
  'cause',
  'errors',
]);

const MAX_DEPTH = 5;
const MAX_STRING = 2000;
/** Shorter strings are not worth hiding (and would blank common words); secrets are longer. */
const MIN_SECRET_LENGTH = 3;

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError | string;
  errors?: (SerializedError | string)[];
  [field: string]: unknown;
}

/** Serializes any thrown value for the log without the parameters of a failed query. */
export function serializeError(err: unknown): SerializedError | string {
  return serialize(err, collectParams(err, new Set()), 0, new Set());
}

/** The logger's `err` serializer: always an object with type, message and stack. */
export function logErrSerializer(err: unknown): SerializedError & { stack: string } {
  const serialized = serializeError(err);
  if (typeof serialized === 'string') return { type: typeof err, message: serialized, stack: '' };
  return { ...serialized, stack: serialized.stack ?? '' };
}

/** The message of an error as safe to print (start-up failures on the console). */
export function safeErrorMessage(err: unknown): string {
  const serialized = serializeError(err);
  return typeof serialized === 'string' ? serialized : serialized.message;
}

function serialize(
  err: unknown,
  secrets: string[],
  depth: number,
  seen: Set<unknown>,
): SerializedError | string {
  if (typeof err !== 'object' || err === null) return scrub(String(err), secrets, '');
  if (seen.has(err) || depth > MAX_DEPTH) return '[circular or too deep]';
  seen.add(err);
  const source = err as Record<string, unknown> & { name?: unknown; constructor?: unknown };
  const code = typeof source.code === 'string' ? source.code : '';
  const type = typeName(source);
  const message = scrub(messageOf(source), secrets, code);
  const out: SerializedError = { type, message };
  for (const [key, value] of Object.entries(source)) {
    if (DROPPED_FIELDS.has(key) || value === undefined || value === null) continue;
    if (typeof value === 'string') out[key] = scrub(value, secrets, code);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (typeof source.stack === 'string') out.stack = stackOf(type, message, source.stack);
  if (source.cause !== undefined) out.cause = serialize(source.cause, secrets, depth + 1, seen);
  if (Array.isArray(source.errors)) {
    out.errors = source.errors.slice(0, 5).map((e) => serialize(e, secrets, depth + 1, seen));
  }
  return out;
}

function typeName(source: { name?: unknown; constructor?: unknown }): string {
  const ctor = (source.constructor as { name?: unknown } | undefined)?.name;
  if (typeof ctor === 'string' && ctor !== 'Object' && ctor.length > 1) return ctor;
  return typeof source.name === 'string' ? source.name : 'Error';
}

/** Drizzle's "Failed query: <sql>\nparams: <values>" loses its params line. */
function messageOf(source: Record<string, unknown>): string {
  const message = typeof source.message === 'string' ? source.message : '';
  const cut = message.indexOf('\nparams:');
  return cut === -1 ? message : message.slice(0, cut);
}

/** The stack's frames under the cleaned first line (the original repeats the message). */
function stackOf(type: string, message: string, stack: string): string {
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

/**
 * Hides every statement parameter found in the text and, for data exceptions (SQLSTATE class
 * 22: "invalid input syntax for type uuid: \"...\""), every quoted value.
 */
function scrub(text: string, secrets: string[], code: string): string {
  let out = text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}...` : text;
  for (const secret of secrets) out = out.split(secret).join('[param]');
  if (code.startsWith('22')) out = out.replace(/"[^"]*"/g, '"[value]"');
  return out;
}

/** The string forms of every parameter anywhere in the cause chain, longest first. */
function collectParams(err: unknown, seen: Set<unknown>): string[] {
  if (typeof err !== 'object' || err === null || seen.has(err) || seen.size > 20) return [];
  seen.add(err);
  const { params, cause, errors } = err as { params?: unknown; cause?: unknown; errors?: unknown };
  const own = Array.isArray(params) ? params.flatMap(paramStrings) : [];
  const nested = [cause, ...(Array.isArray(errors) ? errors : [])].flatMap((e) =>
    collectParams(e, seen),
  );
  return [...new Set([...own, ...nested])].sort((a, b) => b.length - a.length);
}

function paramStrings(param: unknown): string[] {
  if (param === null || param === undefined) return [];
  if (Array.isArray(param)) return param.flatMap(paramStrings);
  let text: string;
  try {
    text =
      param instanceof Date
        ? param.toISOString()
        : typeof param === 'object'
          ? JSON.stringify(param)
          : String(param);
  } catch {
    return [];
  }
  return text.length >= MIN_SECRET_LENGTH ? [text] : [];
}
