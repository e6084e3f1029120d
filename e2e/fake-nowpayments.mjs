// A fake NOWPayments for the end-to-end run (tests/payments.spec.ts), plain Node, on loopback:
// - POST /v1/invoice: checks x-api-key (403 otherwise) and answers as NOWPayments does, with
//   invoice_url this server's own checkout page;
// - GET /invoice/<id>: the provider's checkout page: the amount, "Pay now" and "Cancel";
// - POST /invoice/<id>/pay: sends the IPNs NOWPayments would send to the invoice's
//   ipn_callback_url, confirming then finished, signed as NOWPayments documents (HMAC-SHA512,
//   keyed by the IPN secret, of the body with its keys sorted recursively, serialised as JSON),
//   checks each is answered 200, then sends the browser to success_url (303);
// - GET /health: for Playwright's webServer to know it is up.
// Environment: FAKE_NOWPAYMENTS_PORT, NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.env.FAKE_NOWPAYMENTS_PORT);
const apiKey = process.env.NOWPAYMENTS_API_KEY;
const ipnSecret = process.env.NOWPAYMENTS_IPN_SECRET;
if (!Number.isInteger(port) || port <= 0 || !apiKey || !ipnSecret) {
  console.error(
    'fake-nowpayments: set FAKE_NOWPAYMENTS_PORT, NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET',
  );
  process.exit(2);
}
const origin = `http://127.0.0.1:${port}`;

/** The invoices made, by id (NOWPayments' ids are digits, sent as text). */
const invoices = new Map();
let nextInvoiceId = 4_522_625_843;
let nextPaymentId = 5_077_125_051;
/** What a coin costs in USD on this fake chain: 20 USD is 0.00021858 BTC. */
const BTC_USD = 91_500;

/** `value` with the keys of every object sorted, recursively (arrays keep their order). */
function sortKeysDeep(value) {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeysDeep(value[key])]),
  );
}

/** The x-nowpayments-sig of an IPN body. */
const signature = (body) =>
  createHmac('sha512', ipnSecret)
    .update(JSON.stringify(sortKeysDeep(body)))
    .digest('hex');

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
}
const sendJson = (res, status, body) => send(res, status, 'application/json', JSON.stringify(body));

const REQUIRED = ['price_amount', 'price_currency', 'order_id', 'ipn_callback_url', 'success_url'];

/** POST /v1/invoice, as NOWPayments answers it. */
function createInvoice(req, res, text) {
  if (req.headers['x-api-key'] !== apiKey) {
    sendJson(res, 403, { status: false, statusCode: 403, message: 'Invalid api key' });
    return;
  }
  let asked;
  try {
    asked = JSON.parse(text);
  } catch {
    sendJson(res, 400, { status: false, statusCode: 400, message: 'Invalid JSON' });
    return;
  }
  const missing = REQUIRED.find((key) => asked?.[key] === undefined || asked[key] === '');
  if (missing || !(Number(asked.price_amount) > 0)) {
    const message = missing ? `"${missing}" is required` : '"price_amount" must be positive';
    sendJson(res, 400, { status: false, statusCode: 400, code: 'INVALID_REQUEST_PARAMS', message });
    return;
  }
  const id = String(nextInvoiceId++);
  const now = new Date().toISOString();
  const invoice = {
    id,
    token_id: `fake${id}`,
    order_id: asked.order_id,
    order_description: asked.order_description ?? null,
    price_amount: String(asked.price_amount),
    price_currency: asked.price_currency,
    pay_currency: null,
    ipn_callback_url: asked.ipn_callback_url,
    invoice_url: `${origin}/invoice/${id}`,
    success_url: asked.success_url,
    cancel_url: asked.cancel_url ?? null,
    created_at: now,
    updated_at: now,
  };
  invoices.set(id, invoice);
  sendJson(res, 200, invoice);
}

/** What the invoice costs in BTC, as NOWPayments would quote it. */
const payAmountOf = (invoice) => Number((Number(invoice.price_amount) / BTC_USD).toFixed(8));

/** GET /invoice/<id>: the provider's checkout page. */
function invoicePage(res, invoice) {
  const amount = Number(invoice.price_amount);
  const currency = String(invoice.price_currency).toUpperCase();
  const usd = currency === 'USD' ? `$${amount}` : `${amount} ${currency}`;
  const cancel = invoice.cancel_url
    ? `<a class="cancel" href="${escapeHtml(invoice.cancel_url)}">Cancel</a>`
    : '';
  send(
    res,
    200,
    'text/html; charset=utf-8',
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>NOWPayments (fake): invoice ${escapeHtml(invoice.id)}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f3f5f9; color: #1b2233; }
  main { max-width: 420px; margin: 48px auto; padding: 28px; background: #fff; border-radius: 12px;
    box-shadow: 0 2px 12px rgb(0 0 0 / 10%); }
  .brand { margin: 0 0 20px; font-weight: 700; color: #3b5bdb; }
  h1 { margin: 0 0 8px; font-size: 20px; }
  .amount { margin: 16px 0; font-size: 36px; font-weight: 800; }
  .coin { color: #5c677d; }
  form { margin: 24px 0 12px; }
  button { width: 100%; padding: 12px; font: inherit; font-weight: 700; color: #fff;
    background: #3b5bdb; border: 0; border-radius: 8px; cursor: pointer; }
  .cancel { display: block; text-align: center; color: #5c677d; }
</style>
</head>
<body>
<main>
  <p class="brand">NOWPayments <small>(fake provider for the end-to-end tests)</small></p>
  <h1>Invoice ${escapeHtml(invoice.id)}</h1>
  <p>${escapeHtml(invoice.order_description ?? '')}</p>
  <p class="amount" data-testid="amount">${escapeHtml(usd)}</p>
  <p class="coin">Pay ${escapeHtml(payAmountOf(invoice))} BTC</p>
  <form method="post" action="/invoice/${escapeHtml(invoice.id)}/pay">
    <button type="submit">Pay now</button>
  </form>
  ${cancel}
</main>
</body>
</html>
`,
  );
}

/** An IPN about `invoice` in `status`, with the fields NOWPayments sends. */
function ipnBody(invoice, paymentId, status) {
  const payAmount = payAmountOf(invoice);
  return {
    payment_id: paymentId,
    invoice_id: Number(invoice.id),
    payment_status: status,
    pay_address: 'bc1qfakeaddress0000000000000000000000000',
    price_amount: Number(invoice.price_amount),
    price_currency: invoice.price_currency,
    pay_amount: payAmount,
    actually_paid: status === 'finished' ? payAmount : 0,
    pay_currency: 'btc',
    order_id: invoice.order_id,
    order_description: invoice.order_description,
    purchase_id: String(paymentId + 761_000_000),
    created_at: invoice.created_at,
    updated_at: new Date().toISOString(),
    outcome_amount: payAmount,
    outcome_currency: 'btc',
    // Nested and out of order, as NOWPayments sends it: the signature sorts it too.
    fee: { currency: 'btc', depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
  };
}

/** POST /invoice/<id>/pay: the IPNs of a payment in full, then back to the shop. */
async function pay(res, invoice) {
  invoice.payment_id ??= nextPaymentId++;
  for (const status of ['confirming', 'finished']) {
    const body = ipnBody(invoice, invoice.payment_id, status);
    let answer;
    try {
      const reply = await fetch(invoice.ipn_callback_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signature(body) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      answer = { status: reply.status, text: await reply.text() };
    } catch (err) {
      answer = { status: 0, text: String(err) };
    }
    console.log(`fake-nowpayments: IPN ${status} for invoice ${invoice.id}: ${answer.status}`);
    if (answer.status !== 200) {
      send(
        res,
        502,
        'text/html; charset=utf-8',
        `<!doctype html><title>IPN refused</title><h1>The shop refused the IPN</h1>` +
          `<p>${escapeHtml(status)} to ${escapeHtml(invoice.ipn_callback_url)}: ` +
          `${answer.status} ${escapeHtml(answer.text.slice(0, 500))}</p>`,
      );
      return;
    }
  }
  invoice.paid = true;
  send(res, 303, 'text/plain', 'Paid', { location: invoice.success_url });
}

const server = createServer(async (req, res) => {
  try {
    const text = await readBody(req);
    const { pathname } = new URL(req.url ?? '/', origin);
    const page = /^\/invoice\/(\d+)(\/pay)?$/.exec(pathname);
    const invoice = page ? invoices.get(page[1]) : undefined;
    if (req.method === 'GET' && pathname === '/health') {
      sendJson(res, 200, { ok: true, invoices: invoices.size });
    } else if (req.method === 'POST' && pathname === '/v1/invoice') {
      createInvoice(req, res, text);
    } else if (req.method === 'GET' && invoice && !page[2]) {
      invoicePage(res, invoice);
    } else if (req.method === 'POST' && invoice && page[2]) {
      await pay(res, invoice);
    } else {
      send(res, 404, 'text/plain', 'Not found');
    }
  } catch (err) {
    console.error('fake-nowpayments:', err);
    if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error');
    else res.end();
  }
});

server.listen(port, '127.0.0.1', () => console.log(`fake-nowpayments: listening on ${origin}`));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
