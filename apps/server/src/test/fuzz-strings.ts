import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { someIp } from './api.js';

/**
 * Where a generated string goes: a path or query parameter, a string value of the JSON body,
 * or the key of a record in the body (widget props). `path` is the field the refusal must
 * name; `plainText` says the schema is free text (no enum, date format or, for a path or query
 * value, pattern such as a number's digits), so the
 * refusal must be the shared "contains characters that are not allowed" one.
 */
export interface Slot {
  in: 'path' | 'query' | 'body' | 'key';
  path: Array<string | number>;
  plainText: boolean;
}

/** A valid request of one route; `{name}` in the URL is filled from `params`. */
export interface SampleRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. '/api/trades/{id}'. */
  url: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** A JSON schema as @fastify/swagger writes the request schemas (the parts read here). */
/** The parts of a JSON schema the fuzzers read, as @fastify/swagger writes them. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
}

export interface Operation {
  parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const RECORD_KEY = 'fuzzKey';

/** Every string the body schema takes, with the path to it (array items at index 0). */
function bodyStringSlots(schema: JsonSchema, path: Array<string | number> = []): Slot[] {
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) return variants.flatMap((s) => bodyStringSlots(s, path));
  if (schema.type === 'string') {
    return [{ in: 'body', path, plainText: !schema.enum && !schema.format }];
  }
  if (schema.type === 'array' && schema.items) return bodyStringSlots(schema.items, [...path, 0]);
  const slots = Object.entries(schema.properties ?? {}).flatMap(([key, s]) =>
    bodyStringSlots(s, [...path, key]),
  );
  const values = schema.additionalProperties;
  if (values && typeof values === 'object') {
    slots.push({ in: 'key', path, plainText: true });
    slots.push(...bodyStringSlots(values, [...path, RECORD_KEY]));
  }
  return slots;
}

/** Every slot of one OpenAPI operation: path and query parameters, then the body's strings. */
function operationSlots(operation: Operation): Slot[] {
  const params = (operation.parameters ?? [])
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((p): Slot => ({
      in: p.in as 'path' | 'query',
      path: [p.name],
      plainText:
        p.schema.type === 'string' && !p.schema.enum && !p.schema.format && !p.schema.pattern,
    }));
  const body = operation.requestBody?.content['application/json']?.schema;
  return [...params, ...(body ? bodyStringSlots(body) : [])];
}

/** The operations of the document as 'METHOD /path' with their slots. */
export function documentOperations(doc: OpenApiDocument): Map<string, Slot[]> {
  const operations = new Map<string, Slot[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.set(`${method.toUpperCase()} ${path}`, operationSlots(operation));
    }
  }
  return operations;
}

function valueAt(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    value,
  );
}

/** A copy of `body` with `value` at `path` (missing objects and array items created). */
function withValueAt(body: unknown, path: Array<string | number>, value: unknown): unknown {
  // The body itself (a key slot of a body that is a record at its root).
  if (path.length === 0) return value;
  const copy = structuredClone(body ?? {}) as Record<string | number, unknown>;
  let node = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    node[key] ??= typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  return copy;
}

/** A copy of `body` whose record at `path` gains the key `key` (value: a short text). */
function withKeyAt(body: unknown, path: Array<string | number>, key: string): unknown {
  const record = (valueAt(body, path) ?? {}) as Record<string, unknown>;
  return withValueAt(body, path, { ...record, [key]: 'x' });
}

/** The value the sample has in the slot, so a generated string can be built around it. */
export function sampleValue(sample: SampleRequest, slot: Slot): string {
  const found =
    slot.in === 'path'
      ? sample.params?.[slot.path[0] as string]
      : slot.in === 'query'
        ? sample.query?.[slot.path[0] as string]
        : slot.in === 'body'
          ? valueAt(sample.body, slot.path)
          : undefined;
  return typeof found === 'string' ? found : 'text';
}

/**
 * The sample with `text` in the slot. Path and query values are URL text: `text` goes into the
 * URL as it is (percent-encoded by the caller), so encodings no string produces (a lone
 * surrogate as `%ED%A0%80`) can be sent too; the sample's other values are encoded.
 */
export function fillSlot(sample: SampleRequest, slot: Slot, text: string): FilledRequest {
  const name = slot.path[0] as string;
  switch (slot.in) {
    case 'path':
      return { ...sample, params: { ...sample.params, [name]: text }, rawUrlValue: name };
    case 'query':
      return { ...sample, query: { ...sample.query, [name]: text }, rawUrlValue: name };
    case 'body':
      return { ...sample, body: withValueAt(sample.body, slot.path, text) };
    case 'key':
      return { ...sample, body: withKeyAt(sample.body, slot.path, text) };
  }
}

/**
 * A sample with one generated value; `rawUrlValue` names the parameter sent unencoded, and
 * `rawBody` is the JSON text to send instead of `body` (numbers JSON.stringify cannot write).
 */
export interface FilledRequest extends SampleRequest {
  rawUrlValue?: string;
  rawBody?: string;
}

function urlOf(request: FilledRequest): string {
  const enc = (name: string, value: string) =>
    name === request.rawUrlValue ? value : encodeURIComponent(value);
  const path = request.url.replace(/\{(\w+)\}/g, (_, name: string) =>
    enc(name, request.params?.[name] ?? ''),
  );
  const query = Object.entries(request.query ?? {})
    .map(([name, value]) => `${name}=${enc(name, value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** Sends a request; the body as JSON (lone surrogates escaped, as JSON.stringify writes them). */
export async function send(
  app: FastifyInstance,
  request: FilledRequest,
  headers: Record<string, string>,
): Promise<{ res: LightMyRequestResponse; what: string }> {
  const url = urlOf(request);
  const payload =
    request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const res = await app.inject({
    method: request.method,
    url,
    remoteAddress: someIp(),
    headers: { ...headers, ...(payload !== undefined && { 'content-type': 'application/json' }) },
    ...(payload !== undefined && { payload }),
  });
  return { res, what: `${request.method} ${url} ${payload ?? ''} → ${res.statusCode} ${res.body}` };
}

/** The field a refusal must name: the parameter, or the body path joined with dots. */
export function fieldOf(slot: Slot): string {
  return slot.path.join('.');
}
