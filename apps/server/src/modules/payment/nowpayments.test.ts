import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ipnSignature, isSignedIpn, sortKeysDeep } from './nowpayments.js';

describe('NOWPayments IPN signature', () => {
  const secret = 'ipn-secret-0123456789';
  const body = {
    payment_status: 'finished',
    order_id: 'a1',
    payment_id: 5077125051,
    price_amount: 20,
    fee: { depositFee: 0, currency: 'btc', serviceFee: 0 },
  };

  it('sorts keys at every depth, keeping arrays in order', () => {
    expect(JSON.stringify(sortKeysDeep({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 2 } }))).toBe(
      '{"a":{"c":2,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('is the HMAC-SHA512 of the sorted JSON, as NOWPayments documents it', () => {
    const sorted =
      '{"fee":{"currency":"btc","depositFee":0,"serviceFee":0},"order_id":"a1","payment_id":5077125051,"payment_status":"finished","price_amount":20}';
    const expected = createHmac('sha512', secret).update(sorted).digest('hex');
    expect(ipnSignature(body, secret)).toBe(expected);
    expect(isSignedIpn(body, expected, secret)).toBe(true);
    expect(isSignedIpn(body, expected.toUpperCase(), secret)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['a short one', 'abc'],
    ['another secret’s', ipnSignature(body, 'another-secret-000')],
    ['one for another body', ipnSignature({ ...body, price_amount: 9 }, secret)],
  ])('refuses %s', (_name, signature) => {
    expect(isSignedIpn(body, signature, secret)).toBe(false);
  });
});
