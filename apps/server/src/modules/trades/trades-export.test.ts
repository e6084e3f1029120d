import { TRADE_CSV_COLUMNS } from '@tb/core';
import { expect, it } from 'vitest';
import { type Method, authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

const LONG = { pair: 'BTCUSDT', isLong: true, stopLoss: 100, entryPrice: 110, takeProfit: 130 };

/** Splits CSV text into rows of fields (quoted fields may hold commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += ch;
    }
  }
  return rows;
}

describeEachDatabase('GET /api/trades/export.csv', (ctx) => {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    authed(ctx.app, token, method, url, payload);

  it('exports every trade of the caller, hidden ones too, as a dated CSV file', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const user = await register(ctx.app);
    const other = await register(ctx.app);
    await call(user.token, 'PATCH', '/api/bingo/card/cell/5', { cell: { selected: true } });
    const board = (await call(user.token, 'GET', '/api/bingo/card')).json().data;
    const cell = board.bingoPages[board.currentPageIndex].bingoCells[5];
    const notes = '=HYPERLINK("x"), then "quoted", and more';
    const first = (await call(user.token, 'POST', '/api/trades', { ...LONG, notes })).json();
    ctx.clock.set('2026-03-10T13:00:00Z');
    await call(user.token, 'PUT', `/api/trades/${first.id}/status`, { status: 'TARGET_HIT' });
    await call(user.token, 'POST', '/api/trades/clear-history');
    await call(user.token, 'POST', '/api/trades', { ...LONG, pair: 'ETHUSDT', sizeUsd: 500 });
    await call(other.token, 'POST', '/api/trades', { ...LONG, pair: 'SOLUSDT' });

    const res = await call(user.token, 'GET', '/api/trades/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="trading-bingo-trades-2026-03-10.csv"',
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...TRADE_CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    const byColumn = rows.map((row) =>
      Object.fromEntries(TRADE_CSV_COLUMNS.map((name, i) => [name, row[i]])),
    );
    expect(byColumn.map((r) => r.pair)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(byColumn[0]).toMatchObject({
      id: first.id,
      side: 'LONG',
      status: 'TARGET_HIT',
      closedAt: '2026-03-10T13:00:00.000Z',
      exitPrice: '130',
      sizeUsd: '1000',
      rMultiple: '2',
      cells: `6 ${cell.title} (${cell.points} pts)`,
      sizeEstimated: 'false',
      // A formula is defused with a leading quote; commas and quotes survive the quoting.
      notes: `'${notes}`,
    });
    expect(byColumn[1]).toMatchObject({ status: 'OPEN', sizeUsd: '500', pnlUsd: '' });
  });

  it('is described in the OpenAPI document as a CSV download', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const route = doc.paths['/api/trades/export.csv'].get;
    expect(route.summary).toMatch(/CSV/);
    expect(Object.keys(route.responses['200'].content)).toEqual(['text/csv']);
  });

  it('gives a user without trades the header alone, and needs a session', async () => {
    const user = await register(ctx.app);
    const res = await call(user.token, 'GET', '/api/trades/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${TRADE_CSV_COLUMNS.join(',')}\r\n`);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/trades/export.csv' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHORIZED');
  });
});
