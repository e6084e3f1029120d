import {
  formatDisplayNumber,
  formatPrice,
  type PriceText,
  formatSignedUsd,
  type OpenOrder,
  type PlacedOrder,
  type Position,
  type ValidOrderRequest,
} from '@tb/core';

/** One Discord embed (the fields this app uses). */
export interface DiscordEmbed {
  title: string;
  color: number;
  description?: string;
  fields?: Array<{ name: string; value: string; inline?: boolean }>;
  footer?: { text: string };
  /** ISO 8601. */
  timestamp: string;
}

/** The body of one webhook call: Discord takes up to 10 embeds per message. */
export interface DiscordMessage {
  username: string;
  embeds: DiscordEmbed[];
}

export const SIGNAL_COLORS = {
  buy: 0x2ecc71,
  sell: 0xe74c3c,
  table: 0x3498db,
  cancel: 0x95a5a6,
} as const;

/** Rows shown in one table: Discord cuts a description at 4096 characters. */
const MAX_ROWS = 25;
const FOOTER = { text: 'Trading Bingo' };

export const signalMessage = (embeds: DiscordEmbed[]): DiscordMessage => ({
  username: 'Trading Bingo',
  embeds: embeds.slice(0, 10),
});

/** Sizes by SPEC.md's display decimals. */
const num = formatDisplayNumber;

/** Prices when the markets are not known: as given, up to 6 decimals (formatPrice). */
export const plainPrice: PriceText = (value) => formatPrice(value);

/**
 * A monospace table in a code block: columns padded to their widest cell, numbers right
 * aligned, with "… and N more" past {@link MAX_ROWS} rows.
 */
export function monospaceTable(header: string[], rows: string[][]): string {
  const shown = rows.slice(0, MAX_ROWS);
  const widths = header.map((h, i) => Math.max(h.length, ...shown.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const more = rows.length > MAX_ROWS ? `\n… and ${rows.length - MAX_ROWS} more` : '';
  return `\`\`\`\n${[line(header), ...shown.map(line)].join('\n')}\n\`\`\`${more}`;
}

/** The open positions as a table; an empty table says so (SPEC.md: empty tables are sent). */
export function positionsTableEmbed(
  positions: Position[],
  now: Date,
  price: PriceText = plainPrice,
): DiscordEmbed {
  const rows = positions.map((p) => [
    p.symbol,
    p.side.toUpperCase(),
    num(p.size),
    price(p.entryPrice, p.symbol),
    price(p.markPrice, p.symbol),
    formatSignedUsd(p.unrealizedPnl),
    `${p.pnlPercentage >= 0 ? '+' : ''}${p.pnlPercentage.toFixed(2)}%`,
  ]);
  return {
    title: '📊 Open positions',
    color: SIGNAL_COLORS.table,
    description: rows.length
      ? monospaceTable(['Symbol', 'Side', 'Size', 'Entry', 'Mark', 'P/L', 'P/L %'], rows)
      : 'No open positions',
    footer: FOOTER,
    timestamp: now.toISOString(),
  };
}

/** The open orders as a table. */
export function ordersTableEmbed(
  orders: OpenOrder[],
  now: Date,
  price: PriceText = plainPrice,
): DiscordEmbed {
  const rows = orders.map((o) => [
    o.symbol,
    o.side.toUpperCase(),
    o.orderType,
    num(o.size),
    price(o.price, o.symbol),
    o.reduceOnly ? 'yes' : '',
  ]);
  return {
    title: '📋 Open orders',
    color: SIGNAL_COLORS.table,
    description: rows.length
      ? monospaceTable(['Symbol', 'Side', 'Type', 'Size', 'Price', 'Reduce'], rows)
      : 'No open orders',
    footer: FOOTER,
    timestamp: now.toISOString(),
  };
}

/** An order placed through the proxy: what was asked and what the exchange did. */
export function orderPlacedEmbed(
  order: ValidOrderRequest,
  placed: PlacedOrder,
  now: Date,
  priceText: PriceText = plainPrice,
): DiscordEmbed {
  const price = placed.averagePrice ?? order.price;
  const fields = [
    { name: 'Symbol', value: order.symbol, inline: true },
    { name: 'Side', value: order.side.toUpperCase(), inline: true },
    { name: 'Type', value: order.orderType, inline: true },
    { name: 'Size', value: num(order.size), inline: true },
    {
      name: placed.averagePrice !== null ? 'Avg price' : 'Price',
      value: price === null ? 'market' : priceText(price, order.symbol),
      inline: true,
    },
    {
      name: 'Status',
      value: placed.status === 'filled' ? `filled ${num(placed.filled)}` : 'resting',
      inline: true,
    },
  ];
  if (order.reduceOnly) fields.push({ name: 'Reduce only', value: 'yes', inline: true });
  return {
    title: `${order.side === 'buy' ? '🟢' : '🔴'} Order placed: ${order.side.toUpperCase()} ${order.symbol}`,
    color: order.side === 'buy' ? SIGNAL_COLORS.buy : SIGNAL_COLORS.sell,
    fields,
    footer: FOOTER,
    timestamp: now.toISOString(),
  };
}

/** An order cancelled through the proxy. */
export function orderCancelledEmbed(
  cancel: { orderId: number; symbol: string | null },
  now: Date,
): DiscordEmbed {
  const fields = [{ name: 'Order', value: `#${cancel.orderId}`, inline: true }];
  if (cancel.symbol) fields.push({ name: 'Symbol', value: cancel.symbol, inline: true });
  return {
    title: `⚪ Order cancelled${cancel.symbol ? `: ${cancel.symbol}` : ''}`,
    color: SIGNAL_COLORS.cancel,
    fields,
    footer: FOOTER,
    timestamp: now.toISOString(),
  };
}
