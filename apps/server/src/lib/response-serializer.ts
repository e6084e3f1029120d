import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

type LibraryRoute = Parameters<typeof serializerCompiler>[0];

/**
 * Kinds of schema that read and write alike: for these, checking a response with a plain parse
 * gives exactly what zod's encode gives. Everything else (pipes, i.e. codecs and transforms;
 * catches, lazy schemas, kinds added later) keeps the encode.
 */
const PLAIN_LEAVES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'void',
  'any',
  'unknown',
  'never',
  'date',
  'literal',
  'enum',
  'template_literal',
  'nan',
  'custom',
]);

interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
}

/** True when `schema` and everything inside it is of a kind that reads and writes alike. */
export function isPlainSchema(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  const plain = (s: $ZodType | null | undefined) => !s || isPlainSchema(s, seen);
  switch (def.type) {
    case 'object':
      return Object.values(def.shape ?? {}).every((s) => plain(s)) && plain(def.catchall);
    case 'array':
    case 'set':
      return plain(def.element ?? def.valueType);
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
    case 'default':
    case 'prefault':
      // A default fills a missing value when parsing where the encode refuses the answer (a
      // 500): answers the encode accepts come out the same.
      return plain(def.innerType);
    case 'union':
      return (def.options ?? []).every((s) => plain(s));
    case 'intersection':
      return plain(def.left) && plain(def.right);
    case 'record':
    case 'map':
      return plain(def.keyType) && plain(def.valueType);
    case 'tuple':
      return (def.items ?? []).every((s) => plain(s)) && plain(def.rest);
    default:
      return PLAIN_LEAVES.has(def.type);
  }
}

/**
 * fastify-type-provider-zod's serializer checks every response with zod's encode, which for a
 * schema with checks parses each checked level twice (a first pass without checks, then the
 * checks), nested levels again, and without the compiled object parser. For schemas without
 * codecs or transforms a parse is the same check with the same result (unknown keys dropped,
 * invalid answers refused): this compiler uses it there, and the library's encode elsewhere.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof $ZodType) || !isPlainSchema(schema)) {
    return serializerCompiler(route as LibraryRoute);
  }
  return (data: unknown) => {
    const result = safeParse(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
