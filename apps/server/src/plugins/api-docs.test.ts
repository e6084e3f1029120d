import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helper.js';

/**
 * docs/API.md against the OpenAPI document the app serves: every route the app has is in the
 * docs, every route the docs name exists, and the documented /api/health answer has the fields
 * and values of its schema. Drift in either direction fails here, not in a client.
 */
const API_MD = readFileSync(new URL('../../../../docs/API.md', import.meta.url), 'utf8');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** `GET /api/users/:id` in a table's first cell, one or more per row. */
const ROUTE = /`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`\s]*)`/g;

/** The routes of the docs' tables, as `METHOD /api/path/{param}` (OpenAPI's form). */
function documentedRoutes(markdown: string): Set<string> {
  const routes = new Set<string>();
  for (const line of markdown.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1];
    if (!firstCell) continue;
    for (const [, method, path] of firstCell.matchAll(ROUTE)) {
      routes.add(`${method} ${path!.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes;
}

interface OpenApiSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, OpenApiSchema>;
}
interface OpenApiDocument {
  paths: Record<string, Partial<Record<string, { responses?: Record<string, unknown> }>>>;
}

/** The API's routes of the OpenAPI document (the paper exchange at /paper is documented apart). */
function servedRoutes(doc: OpenApiDocument): Set<string> {
  const routes = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const method of METHODS) {
      if (operations[method]) routes.add(`${method.toUpperCase()} ${path}`);
    }
  }
  return routes;
}

/**
 * The success answer of GET /api/health in the docs, `{ status: "ok", db: "a" | "b", version }`:
 * each field with the values it names (none named: any).
 */
function documentedHealth(markdown: string): Map<string, unknown[]> {
  const row = markdown.split('\n').find((line) => line.startsWith('| `GET /api/health`'));
  const answer = row && /200 `\{ ([^}]*) \}`/.exec(row)?.[1];
  if (!answer) throw new Error('docs/API.md has no 200 answer for GET /api/health');
  // A `|` inside a table cell is written `\|`.
  return new Map(
    answer
      .replace(/\\\|/g, '|')
      .split(',')
      .map((field) => {
        const [name, values] = field.split(':').map((part) => part.trim());
        return [name!, values === undefined ? [] : values.split('|').map((v) => JSON.parse(v))];
      }),
  );
}

/** Whether `value` is one the schema allows (its enum or const; any when it names neither). */
const allows = (schema: OpenApiSchema, value: unknown) =>
  schema.enum ? schema.enum.includes(value) : 'const' in schema ? schema.const === value : true;

describe('docs/API.md and /api/openapi.json', () => {
  let ctx: TestContext;
  let close: () => Promise<void> = async () => undefined;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    const made = await createTestContext('pglite');
    ctx = made.ctx;
    close = made.close;
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    return () => close();
  });

  it('documents every route the app serves', () => {
    const documented = documentedRoutes(API_MD);
    const missing = [...servedRoutes(doc)].filter((route) => !documented.has(route));
    expect(missing, 'routes served but not in docs/API.md').toEqual([]);
  });

  it('documents only routes the app serves', () => {
    const served = servedRoutes(doc);
    // The document itself and its viewer are hidden from the document they serve.
    const selfDescribing = ['GET /api/openapi.json', 'GET /api/docs'];
    const unknown = [...documentedRoutes(API_MD)].filter(
      (route) => !served.has(route) && !selfDescribing.includes(route),
    );
    expect(unknown, 'routes in docs/API.md that the app does not serve').toEqual([]);
  });

  it('documents the fields and values of GET /api/health as its schema has them', () => {
    const responses = doc.paths['/api/health']?.get?.responses as
      Record<string, { content: Record<string, { schema: OpenApiSchema }> }> | undefined;
    const schema = responses?.['200']?.content['application/json']?.schema;
    expect(schema?.properties, 'the 200 schema of GET /api/health').toBeDefined();
    const properties = schema!.properties!;
    const documented = documentedHealth(API_MD);
    expect([...documented.keys()].sort()).toEqual(Object.keys(properties).sort());
    for (const [field, values] of documented) {
      for (const value of values) {
        expect(allows(properties[field]!, value), `${field}: ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  it('reads the docs the way it should: a known route, a parameter, several per row', () => {
    const routes = documentedRoutes(
      '| `GET /api/users/:id/subscription` | admin |\n| `GET /api/a`, `POST /api/b` | - |\n' +
        'text `PUT /api/not-a-row`\n',
    );
    expect([...routes]).toEqual(['GET /api/users/{id}/subscription', 'GET /api/a', 'POST /api/b']);
  });
});
