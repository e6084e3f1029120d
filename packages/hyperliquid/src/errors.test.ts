import { HttpRequestError, TransportError, ValidationError } from '@nktkas/hyperliquid';
import { ApiRequestError } from '@nktkas/hyperliquid/api/exchange';
import { FormatError } from '@nktkas/hyperliquid/utils';
import { describe, expect, it } from 'vitest';
import { ExchangeError, mapResponse, rejectionText, toExchangeError } from './errors.js';

const bulk = (error: string) => ({
  status: 'ok',
  response: { type: 'order', data: { statuses: [{ resting: { oid: 1 } }, { error }] } },
});
const timeout = new DOMException('Signal timed out.', 'TimeoutError');

describe('toExchangeError', () => {
  it.each([
    {
      scenario: 'whole request refused',
      error: new ApiRequestError({ status: 'err', response: 'Invalid nonce: duplicate nonce 5' }),
      expected: ['rejected', 'Invalid nonce: duplicate nonce 5'],
    },
    {
      scenario: 'one order of a batch refused',
      error: new ApiRequestError(bulk('Insufficient margin to place order. asset=3'), 'order 1: …'),
      expected: ['rejected', 'Insufficient margin to place order.'],
    },
    {
      scenario: 'SDK time-out',
      error: new HttpRequestError({ detail: 'Request timed out after 10 ms', cause: timeout }),
      expected: ['timeout', 'The exchange did not answer in time'],
    },
    {
      scenario: 'network failure',
      error: new HttpRequestError({ cause: new TypeError('fetch failed') }),
      expected: ['unavailable', 'The exchange could not be reached'],
    },
    {
      scenario: '429',
      error: new HttpRequestError({ response: new Response('x', { status: 429 }), detail: 'x' }),
      expected: ['unavailable', 'The exchange could not be reached (HTTP 429)'],
    },
    {
      scenario: 'other transport error',
      error: new TransportError('socket closed'),
      expected: ['unavailable', 'The exchange could not be reached'],
    },
    {
      scenario: 'size too small to send',
      error: new FormatError('Size is too small and was truncated to 0'),
      expected: ['rejected', 'Size is too small and was truncated to 0'],
    },
    {
      scenario: 'request refused by the SDK schema',
      error: new ValidationError('× Invalid length: Expected 42 but received 5\n  → at user', {
        cause: {} as never,
      }),
      expected: ['rejected', 'Invalid request: Invalid length: Expected 42 but received 5 at user'],
    },
  ])('$scenario → $expected.0', ({ error, expected: [kind, message] }) => {
    expect(toExchangeError(error)).toEqual(new ExchangeError(kind as never, message as string));
    expect(toExchangeError(error)).toMatchObject({ kind });
  });

  it('keeps an ExchangeError and rethrows a bug', () => {
    const known = new ExchangeError('unknown-symbol', 'Could not fetch price for X');
    expect(toExchangeError(known)).toBe(known);
    expect(() => toExchangeError(new RangeError('bug'))).toThrow(RangeError);
  });
});

describe('rejectionText', () => {
  it.each([
    [
      { status: 'err', response: 'Must deposit before performing actions. User: 0x1' },
      'Must deposit before performing actions. User: 0x1',
    ],
    [
      bulk('Order was never placed, already canceled, or filled. asset=0'),
      'Order was never placed, already canceled, or filled.',
    ],
    [
      { response: { data: { status: { error: 'Invalid TP/SL price. asset=12' } } } },
      'Invalid TP/SL price.',
    ],
    [{ status: 'ok' }, null],
    ['text', null],
  ])('%j → %s', (response, text) => {
    expect(rejectionText(response)).toBe(text);
  });
});

describe('mapResponse', () => {
  it('turns a failed mapping into invalid-response', () => {
    const read = (raw: unknown) => (raw as { a: { b: number } }).a.b;
    expect(() => mapResponse(() => read({}))).toThrow(
      new ExchangeError('invalid-response', 'The exchange answered with an unexpected response'),
    );
  });
});
