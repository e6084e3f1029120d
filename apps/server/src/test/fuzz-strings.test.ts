import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { bearer, createTrade, newUser, register } from './api.js';
import { WriteWatch } from './fuzz-db.js';
import { PAPER_SAMPLES, sampleRequests } from './fuzz-samples.js';
import {
  documentOperations,
  fieldOf,
  fillSlot,
  sampleValue,
  send,
  type OpenApiDocument,
  type SampleRequest,
  type Slot,
} from './fuzz-strings.js';
import { describeEachDatabase } from './helper.js';

/** Text PostgreSQL cannot store: a NUL byte, and halves of a UTF-16 pair without the other. */
const forbiddenTexts = (v: string) => [`${v}\u0000`, '\u0000', `${v}\uD800`, `\uDC00${v}`];
/** NUL in a URL. A lone surrogate has no UTF-8 form: a URL can only carry bytes like these, */
const forbiddenUrlTexts = (v: string) => [`${encodeURIComponent(v)}%00`, '%00'];
/** which decode to nothing valid (a surrogate's CESU-8 bytes, an overlong NUL, a lone 0xFF). */
const undecodableUrlTexts = (v: string) => [`${encodeURIComponent(v)}%ED%A0%80`, '%C0%80', '%FF'];
/** Other text that breaks naive code: direction overrides and controls, BOM, emoji, size, SQL. */
const nastyTexts = (v: string) => [
  `${v}\u202E\u0001\u001F\u2028`,
  `\uFEFF${v}`,
  `${v}😀`,
  'x'.repeat(5000),
  "'; drop table users; --",
  '<img src=x onerror=alert(1)>',
];
const NOT_ALLOWED = / contains characters that are not allowed\.$/;

const errorCode = (res: LightMyRequestResponse): string | undefined => {
  try {
    return res.json().error?.code;
  } catch {
    return undefined;
  }
};

interface Case {
  request: SampleRequest;
  slot: Slot;
  /** The route needs no session (no `security` in the OpenAPI document). */
  isPublic: boolean;
  /** The route speaks the paper exchange's protocol: only the status is checked. */
  protocol: boolean;
}

describeEachDatabase(
  'fuzzing every text slot of every route with NUL bytes, lone surrogates and other nasty text',
  (ctx) => {
    let auth: Record<string, string>;
    let samples: Map<string, SampleRequest>;
    let doc: OpenApiDocument;
    let watch: WriteWatch;

    beforeAll(async () => {
      const me = await register(ctx.app, newUser('fuzzadmin'));
      await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, me.id));
      auth = bearer(me.token);
      const other = await register(ctx.app);
      const trade = await createTrade(ctx.app, me.token, {
        ...{ pair: 'BTCUSDT', isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120 },
      });
      const key = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/exchanges',
        headers: auth,
        payload: { exchangeId: 'hyperliquid', network: 'paper' },
      });
      expect(key.statusCode, key.body).toBe(201);
      const ids = { me, other, trade: trade.id, key: key.json().exchange.id };
      samples = new Map(sampleRequests(ids).map((s) => [`${s.method} ${s.url}`, s]));
      doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      // The first read of the boards stores the default ones: done here, not while fuzzing.
      await ctx.app.inject({ method: 'GET', url: '/api/bingo/card', headers: auth });
      watch = await WriteWatch.start(ctx.database.db);
    });

    /** The stored boards, so a save carries the current version. */
    const boardsSample = async (): Promise<SampleRequest> => ({
      method: 'POST',
      url: '/api/bingo/card',
      body: (await ctx.app.inject({ method: 'GET', url: '/api/bingo/card', headers: auth })).json()
        .data,
    });

    function cases(): Case[] {
      const security = (key: string) => {
        const [method, path] = key.split(' ') as [string, string];
        return doc.paths[path]?.[method.toLowerCase()] as { security?: unknown } | undefined;
      };
      const api = [...documentOperations(doc)].flatMap(([key, slots]) =>
        slots.map((slot) => ({
          request: samples.get(key) ?? { method: 'POST' as const, url: key.split(' ')[1]! },
          slot,
          isPublic: !security(key)?.security,
          protocol: false,
        })),
      );
      const paper = PAPER_SAMPLES.flatMap(({ sample, slots }) =>
        slots.map((slot) => ({ request: sample, slot, isPublic: true, protocol: true })),
      );
      return [...api, ...paper];
    }

    async function sendCase(c: Case, text: string, signedIn: boolean) {
      const sample = c.request.url === '/api/bingo/card' ? await boardsSample() : c.request;
      return send(ctx.app, fillSlot(sample, c.slot, text), signedIn ? auth : {});
    }

    /**
     * What is wrong with the answer to forbidden text, or null: it must be a 400 naming the
     * field, with the shared message for free text (the paper protocol: any 4xx).
     */
    function forbiddenProblem(res: LightMyRequestResponse, c: Case, signedIn: boolean) {
      if (!signedIn && !c.isPublic) return res.statusCode === 401 ? null : 'not 401';
      if (c.protocol) return res.statusCode >= 400 && res.statusCode < 500 ? null : 'not 4xx';
      if (res.statusCode !== 400) return 'not 400';
      const error = res.json().error;
      const field = fieldOf(c.slot);
      if (error.code !== 'VALIDATION_ERROR') return 'not VALIDATION_ERROR';
      // A key of a record at the body's root has no field path to name.
      if (c.slot.in === 'key' ? !(error.field ?? '').startsWith(field) : error.field !== field) {
        return `field ${error.field} instead of ${field}`;
      }
      return c.slot.plainText && !NOT_ALLOWED.test(error.message) ? 'other message' : null;
    }

    it('has a valid sample for every route that takes text', () => {
      const missing = [...documentOperations(doc)]
        .filter(([key, slots]) => slots.length > 0 && !samples.has(key))
        .map(([key]) => key);
      expect(missing).toEqual(['POST /api/bingo/card']);
    });

    /**
     * Sends `texts` in the slot of `c`, checks each answer with `problemOf`, and checks that a
     * request we refused wrote nothing. An exchange's refusal (422) is not ours: the paper
     * exchange took the signed action and keeps its nonce.
     */
    async function fuzz(
      c: Case,
      texts: string[],
      signedIn: boolean,
      problemOf: (res: LightMyRequestResponse) => string | null,
    ): Promise<string[]> {
      const problems: string[] = [];
      for (const text of texts) {
        const { res, what } = await sendCase(c, text, signedIn);
        const problem = problemOf(res);
        if (problem) problems.push(`${problem}: ${what}`);
        const changed = await watch.changes();
        const refusedByUs = res.statusCode >= 400 && errorCode(res) !== 'EXCHANGE_REJECTED';
        if (refusedByUs && changed) problems.push(`refused but wrote ${changed}: ${what}`);
      }
      return problems;
    }

    const isUrlSlot = (c: Case) => c.slot.in === 'path' || c.slot.in === 'query';
    const no5xx = (res: LightMyRequestResponse) => (res.statusCode >= 500 ? '5xx' : null);

    it('refuses NUL bytes and lone surrogates everywhere with a 400 naming the field, and stores nothing', async () => {
      const problems: string[] = [];
      for (const c of cases()) {
        const value = sampleValue(c.request, c.slot);
        const texts = isUrlSlot(c) ? forbiddenUrlTexts(value) : forbiddenTexts(value);
        for (const signedIn of [false, true]) {
          const refused = (res: LightMyRequestResponse) => forbiddenProblem(res, c, signedIn);
          // Signed out, a route that needs a session answers 401 before it reads any input:
          // one text shows it (and that nothing was stored).
          if (!signedIn && !c.isPublic) {
            problems.push(...(await fuzz(c, texts.slice(0, 1), signedIn, refused)));
            continue;
          }
          problems.push(...(await fuzz(c, texts, signedIn, refused)));
          if (isUrlSlot(c)) {
            problems.push(...(await fuzz(c, undecodableUrlTexts(value), signedIn, no5xx)));
          }
        }
      }
      expect(problems.join('\n')).toBe('');
    });

    it('answers other nasty text without a 5xx, and a refused request changes nothing', async () => {
      const problems: string[] = [];
      for (const c of cases()) {
        const value = sampleValue(c.request, c.slot);
        const texts = nastyTexts(value).map((t) => (isUrlSlot(c) ? encodeURIComponent(t) : t));
        // Signed out, a route that needs a session answers 401 before it reads any input.
        for (const signedIn of c.isPublic ? [false, true] : [true]) {
          problems.push(...(await fuzz(c, texts, signedIn, no5xx)));
        }
      }
      expect(problems.join('\n')).toBe('');
    });
  },
  { env: () => ({ RATE_LIMIT_SCALE: '1000' }) },
);
