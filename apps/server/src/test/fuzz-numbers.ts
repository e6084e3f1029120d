import type { LightMyRequestResponse } from 'fastify';
import {
  fillSlot,
  type FilledRequest,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  type SampleRequest,
} from './fuzz-strings.js';

/**
 * Where a number goes: a path or query parameter that is a number or digits-only text, or a
 * number of the JSON body (array items at index 0, a record's values under {@link RECORD_KEY}).
 * `text` says a body slot also takes the number written as text (an order's size and price).
 */
export interface NumberSlot {
  in: 'path' | 'query' | 'body';
  path: Array<string | number>;
  text: boolean;
}

type Document = OpenApiDocument & { components?: { schemas?: Record<string, JsonSchema> } };

const RECORD_KEY = 'fuzzKey';

const hasType = (s: JsonSchema, type: string) =>
  Array.isArray(s.type) ? s.type.includes(type) : s.type === type;
const isNumber = (s: JsonSchema) => hasType(s, 'number') || hasType(s, 'integer');
/** A parameter that is digits-only text (`wholeNumberText`): its pattern takes 12, not x. */
const isNumberText = (s: JsonSchema) =>
  hasType(s, 'string') &&
  !!s.pattern &&
  new RegExp(s.pattern).test('12') &&
  !new RegExp(s.pattern).test('x');

/** Follows `#/components/schemas/Name` references (the document has none today). */
function resolver(doc: Document) {
  return (schema: JsonSchema): JsonSchema => {
    let s = schema;
    for (let hops = 0; s.$ref && hops < 20; hops += 1) {
      const name = s.$ref.replace('#/components/schemas/', '');
      s = doc.components?.schemas?.[name] ?? {};
    }
    return s;
  };
}

/** Every number the body schema takes, with its path (through $ref, allOf, oneOf, anyOf). */
function bodyNumberSlots(
  resolve: (s: JsonSchema) => JsonSchema,
  raw: JsonSchema,
  path: Array<string | number> = [],
  depth = 0,
): NumberSlot[] {
  const schema = resolve(raw);
  if (depth > 12) return [];
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]
    .map(resolve)
    .concat(schema);
  const slots: NumberSlot[] = [];
  if (variants.some(isNumber)) {
    // A number or its text (an order's size), not any value (a widget prop may be a boolean).
    const text =
      variants.some((v) => hasType(v, 'string')) && !variants.some((v) => hasType(v, 'boolean'));
    slots.push({ in: 'body', path, text });
  }
  for (const v of variants) {
    if (v.items) slots.push(...bodyNumberSlots(resolve, v.items, [...path, 0], depth + 1));
    for (const [key, s] of Object.entries(v.properties ?? {})) {
      slots.push(...bodyNumberSlots(resolve, s, [...path, key], depth + 1));
    }
    const values = v.additionalProperties;
    if (values && typeof values === 'object') {
      slots.push(...bodyNumberSlots(resolve, values, [...path, RECORD_KEY], depth + 1));
    }
  }
  return slots;
}

/** The operations of the document as 'METHOD /path' with their number slots (some none). */
export function numberOperations(doc: Document): Map<string, NumberSlot[]> {
  const resolve = resolver(doc);
  const operations = new Map<string, NumberSlot[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as Operation;
      const params = (operation.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .filter((p) => isNumber(resolve(p.schema)) || isNumberText(resolve(p.schema)))
        .map((p): NumberSlot => ({ in: p.in as 'path' | 'query', path: [p.name], text: false }));
      const body = operation.requestBody?.content['application/json']?.schema;
      const slots = [...params, ...(body ? bodyNumberSlots(resolve, body) : [])];
      const unique = new Map(slots.map((s) => [`${s.in} ${s.path.join('.')}`, s]));
      operations.set(`${method.toUpperCase()} ${path}`, [...unique.values()]);
    }
  }
  return operations;
}

/**
 * Numbers as JSON text, which a JSON body carries as written: the smallest double, amounts
 * around MIN_AMOUNT, the largest double, negative zero, past safe integers, and literals
 * JSON.parse reads as ±Infinity or 0.
 */
export const JSON_NUMBERS = [
  '5e-324',
  '1e-12',
  '1e-13',
  '1e308',
  '1.7976931348623157e308',
  '-0',
  '-1',
  '0',
  '1e21',
  '9007199254740993',
  '1e400',
  '-1e400',
  '1e-400',
  '-5e-324',
  '0.5',
];
/** Numbers as URL text: the same, and what `Number()` reads but a whole number is not. */
export const TEXT_NUMBERS = [
  ...JSON_NUMBERS,
  '0x10',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e3',
  '+1',
  '1_000',
  ' 1',
  '',
];
/** Values far past any bound: an answer that takes one (2xx) stored or used an absurd value. */
export const ABSURD = new Set(['1e308', '1.7976931348623157e308', '1e21', '9007199254740993']);

const PLACEHOLDER = '\u0001fuzz-number\u0001';

/** The sample with `value` in the slot: JSON text put into the body as written, or URL text. */
export function fillNumber(
  sample: SampleRequest,
  slot: NumberSlot,
  value: string,
  asText = false,
): FilledRequest {
  if (slot.in !== 'body') {
    const text = encodeURIComponent(value);
    return fillSlot(sample, { in: slot.in, path: slot.path, plainText: false }, text);
  }
  const filled = fillSlot(sample, { in: 'body', path: slot.path, plainText: false }, PLACEHOLDER);
  const json = JSON.stringify(filled.body);
  const token = asText ? JSON.stringify(value) : value;
  return { ...filled, rawBody: json.replace(JSON.stringify(PLACEHOLDER), token) };
}

/**
 * What is wrong with a refusal, or null: every 4xx answers `{ error: { code, message } }` with
 * a sentence for a person, not a parser's words (`Invalid input: expected number`).
 */
export function refusalProblem(res: LightMyRequestResponse): string | null {
  let error: { code?: unknown; message?: unknown } | undefined;
  try {
    error = res.json().error;
  } catch {
    return 'not JSON';
  }
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
    return 'not the error shape';
  }
  const parserWords = /expected|received|invalid input|NaN|Infinity|undefined|\[object|\bzod\b/i;
  const human = /^[A-Z]/.test(error.message) && !parserWords.test(error.message);
  return human ? null : `message "${error.message}"`;
}
