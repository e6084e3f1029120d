import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ipnSignature } from '../modules/payment/nowpayments.js';

/** An invoice as the fake provider made it (what the app asked, plus its id and page). */
export interface FakeInvoice {
  id: string;
  order_id: string;
  order_description: string;
  price_amount: number;
  price_currency: string;
  ipn_callback_url: string;
  success_url: string;
  cancel_url: string;
  invoice_url: string;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * NOWPayments on loopback for the tests: `POST /v1/invoice` checks `x-api-key` and answers as
 * NOWPayments does (`id` as text, `invoice_url`); `down` makes it answer 500. `ipn` builds an
 * IPN for an invoice, signed exactly as NOWPayments documents (HMAC-SHA512 of the body with
 * its keys sorted, keyed by the IPN secret).
 */
export class FakeNowPayments {
  readonly invoices: FakeInvoice[] = [];
  down = false;
  #server: Server | undefined;
  #nextId = 4_522_625_843;
  url = '';

  constructor(
    readonly apiKey: string,
    readonly ipnSecret: string,
  ) {}

  async start(): Promise<this> {
    this.#server = createServer(async (req, res) => {
      const body = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/invoice') {
        res.writeHead(404).end();
        return;
      }
      if (req.headers['x-api-key'] !== this.apiKey) {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: false, statusCode: 403, message: 'Invalid api key' }));
        return;
      }
      if (this.down) {
        res.writeHead(500).end('{"message":"internal error"}');
        return;
      }
      const asked = JSON.parse(body) as Omit<FakeInvoice, 'id' | 'invoice_url'>;
      const id = String(this.#nextId++);
      const invoice = { ...asked, id, invoice_url: `https://nowpayments.io/payment/?iid=${id}` };
      this.invoices.push(invoice);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ...invoice,
          price_amount: String(asked.price_amount),
          pay_currency: null,
          created_at: '2026-11-29T12:00:00.000Z',
          updated_at: '2026-11-29T12:00:00.000Z',
        }),
      );
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  /**
   * An IPN about `invoice` in `status`, as NOWPayments sends it, with its signature header;
   * `change` overrides fields (a smaller amount, another currency...).
   */
  ipn(
    invoice: FakeInvoice,
    status: string,
    change: Record<string, unknown> = {},
    secret = this.ipnSecret,
  ) {
    const payAmount = Number((invoice.price_amount / 91_500).toFixed(8));
    const body: Record<string, unknown> = {
      // One payment per invoice unless a test names another (a second payment on it).
      payment_id: 5_077_125_051 + Number(invoice.id) - 4_522_625_843,
      invoice_id: Number(invoice.id),
      payment_status: status,
      pay_address: 'bc1qexampleaddress000000000000000000000',
      price_amount: invoice.price_amount,
      price_currency: invoice.price_currency,
      pay_amount: payAmount,
      actually_paid: ['finished', 'confirmed', 'sending'].includes(status) ? payAmount : 0,
      pay_currency: 'btc',
      order_id: invoice.order_id,
      order_description: invoice.order_description,
      purchase_id: '5837122679',
      created_at: '2026-11-29T12:01:00.000Z',
      updated_at: '2026-11-29T12:20:00.000Z',
      outcome_amount: payAmount,
      outcome_currency: 'btc',
      fee: { currency: 'btc', depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
      ...change,
    };
    return { body, headers: { 'x-nowpayments-sig': ipnSignature(body, secret) } };
  }
}
