import { BingoCardResponseSchema, PublicUserSchema, defaultBingoState } from '@tb/core';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPlainSchema, responseSerializerCompiler } from './response-serializer.js';

const compile = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string;
const library = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

describe('response serializer', () => {
  it('takes the plain parse only for schemas without codecs or transforms', () => {
    expect(isPlainSchema(BingoCardResponseSchema)).toBe(true);
    expect(isPlainSchema(PublicUserSchema)).toBe(true);
    expect(isPlainSchema(z.object({ at: z.string().transform((s) => s.length) }))).toBe(false);
    const dates = z.codec(z.iso.datetime(), z.date(), {
      decode: (s) => new Date(s),
      encode: (d) => d.toISOString(),
    });
    expect(isPlainSchema(z.object({ list: z.array(dates) }))).toBe(false);
    expect(isPlainSchema(z.object({ n: z.number().catch(0) }))).toBe(false);
  });

  it('answers what the encode answers: the card and the user, unknown keys dropped', () => {
    const card = { success: true, data: { ...defaultBingoState('b1', 0), version: 3 } };
    expect(compile(BingoCardResponseSchema)(card)).toBe(library(BingoCardResponseSchema)(card));
    const user = {
      id: '7f1f3bb4-3e3a-4a33-9c38-2f1a4c1e0f00',
      username: 'trader1',
      email: 'trader1@example.com',
      isPaidUser: false,
      isAdmin: false,
      role: 'user',
      isEmailVerified: true,
      timeZone: 'UTC',
      showOnLeaderboard: true,
      createdAt: '2026-03-10T12:00:00.000Z',
      subscription: {
        active: false,
        plan: null,
        startDate: null,
        endDate: null,
        remainingDays: 0,
      },
      passwordHash: 'never sent',
    };
    const sent = compile(PublicUserSchema)(user);
    expect(sent).toBe(library(PublicUserSchema)(user));
    expect(sent).not.toContain('passwordHash');
  });

  it('encodes codecs as the library does', () => {
    const schema = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (s) => new Date(s),
        encode: (d) => d.toISOString(),
      }),
    });
    const data = { at: new Date('2026-03-10T12:00:00Z') };
    expect(compile(schema)(data)).toBe('{"at":"2026-03-10T12:00:00.000Z"}');
  });

  it('refuses an answer that does not fit its schema (500), as before', async () => {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(responseSerializerCompiler);
    app.get('/bad', { schema: { response: { 200: PublicUserSchema } } }, async () => ({ id: 1 }));
    expect((await app.inject({ method: 'GET', url: '/bad' })).statusCode).toBe(500);
    await app.close();
  });
});
