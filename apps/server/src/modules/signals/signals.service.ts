import {
  initialThrottleState,
  SIGNAL_WINDOW_MS,
  maskWebhookUrl,
  throttleSignal,
  webhookMessages,
  type OpenOrder,
  type Position,
  type PriceText,
  type SignalSettingsRequest,
  type SignalSettingsResponse,
  type SignalThrottleState,
  type SignalTypes,
} from '@tb/core';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { SharedState } from '../../lib/redis/shared-state.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { OrderEvent } from '../exchange/order-events.js';
import {
  orderCancelledEmbed,
  orderPlacedEmbed,
  ordersTableEmbed,
  plainPrice,
  positionsTableEmbed,
  signalMessage,
  type DiscordEmbed,
} from './signal-embeds.js';
import type { SignalsRepository, StoredSignalSettings } from './signals.repository.js';
import { WebhookError, type WebhookSender } from './webhook-sender.js';

const DEFAULT_TYPES: SignalTypes = { positions: true, orders: true, cancels: true };

/** One part of an event signal: its type, and its embed (built only if the type is on). */
export interface SignalPart {
  type: keyof SignalTypes;
  embed: () => DiscordEmbed | Promise<DiscordEmbed>;
}

/** What the test signal shows: the account's positions and orders (empty when not connected). */
export type AccountSnapshot = (
  userId: string,
) => Promise<{ positions: Position[]; orders: OpenOrder[] }>;

export interface SignalsDeps {
  repo: SignalsRepository;
  box: SecretBox;
  send: WebhookSender;
  snapshot: AccountSnapshot;
  log: FastifyBaseLogger;
  now: Clock;
  /** Where the throttle counts: shared by every instance with Redis, memory otherwise. */
  state: SharedState;
  /** Prices at the markets' precision of the user's network (marketPriceText). */
  prices?: (userId: string) => Promise<PriceText>;
}

/**
 * Discord signals: settings (URL sealed at rest, masked out), the test message, and event
 * signals after orders, throttled per user (>= 5 s apart, <= 10 a minute; shared by every
 * instance with Redis).
 */
export class SignalsService {
  readonly #now: Clock;

  constructor(private readonly deps: SignalsDeps) {
    this.#now = deps.now;
  }

  async settings(userId: string): Promise<SignalSettingsResponse> {
    return this.view(await this.deps.repo.find(userId));
  }

  /**
   * Saves the settings. A new URL replaces the stored one, null removes it, absent keeps it.
   * Signals are active only with a webhook to send to (SPEC.md: activated when one is saved).
   */
  async save(userId: string, body: SignalSettingsRequest) {
    const stored = await this.deps.repo.find(userId);
    const webhookUrlEnc =
      body.webhookUrl === undefined
        ? (stored?.webhookUrlEnc ?? null)
        : body.webhookUrl === null
          ? null
          : this.deps.box.encrypt(body.webhookUrl);
    const next = {
      webhookUrlEnc,
      active: body.active && webhookUrlEnc !== null,
      types: body.types,
    };
    await this.deps.repo.save(userId, next, this.#now());
    return {
      settings: this.view(next),
      message: next.active ? webhookMessages.savedActive : webhookMessages.savedInactive,
    };
  }

  /** Sends the positions and orders tables now (whether or not signals are active). */
  async sendTest(userId: string): Promise<{ message: string; notes: string[] }> {
    const url = this.url(await this.deps.repo.find(userId));
    if (!url) throw badRequest('Save a Discord webhook URL first', 'webhookUrl');
    const decision = await this.take(userId);
    if (decision > 0) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Signals go out at most every 5 seconds and 10 a minute. Try again in ${Math.ceil(decision / 1000)} s.`,
      );
    }
    const now = this.#now();
    let account;
    try {
      account = await this.deps.snapshot(userId);
    } catch (err) {
      // The exchange's own failure (502/504) keeps its status and code; the text says what failed.
      if (err instanceof AppError) {
        throw new AppError(err.status, err.code, `Failed to send test signals: ${err.message}`);
      }
      throw err;
    }
    const notes: string[] = [];
    if (!account.positions.length)
      notes.push('No open positions to send. Sending empty positions table.');
    if (!account.orders.length) notes.push('No open orders to send. Sending empty orders table.');
    const price = await this.priceText(userId);
    const embeds = [
      positionsTableEmbed(account.positions, now, price),
      ordersTableEmbed(account.orders, now, price),
    ];
    try {
      await this.deps.send(url, signalMessage(embeds));
    } catch (err) {
      const reason = err instanceof WebhookError ? err.message : 'unknown error';
      throw new AppError(502, 'WEBHOOK_ERROR', `Failed to send test signals: ${reason}`);
    }
    return { message: webhookMessages.testSent, notes };
  }

  /**
   * An event signal, fire-and-forget: never delays or fails the order it reports. Parts of
   * disabled types are left out; a throttled signal is dropped. Logs never carry the URL.
   */
  publish(userId: string, parts: SignalPart[]): void {
    void this.deliver(userId, parts).catch((err: unknown) =>
      this.deps.log.warn(
        { userId, reason: err instanceof Error ? err.message : 'unknown' },
        'signal not sent',
      ),
    );
  }

  /** The event signal of a change the exchange proxy made (an order placed or cancelled, a close). */
  onOrderEvent(event: OrderEvent): void {
    this.publish(
      event.userId,
      orderEventParts(event, this.#now, () => this.priceText(event.userId)),
    );
  }

  /** The markets' price precision; a signal without it still goes, prices as given. */
  private async priceText(userId: string): Promise<PriceText> {
    if (!this.deps.prices) return plainPrice;
    try {
      return await this.deps.prices(userId);
    } catch (err) {
      const reason = err instanceof Error ? err.message : 'unknown';
      this.deps.log.info({ userId, reason }, 'signal prices without market precision');
      return plainPrice;
    }
  }

  private async deliver(userId: string, parts: SignalPart[]) {
    const stored = await this.deps.repo.find(userId);
    const url = stored?.active ? this.url(stored) : null;
    if (!stored || !url) return;
    const wanted = parts.filter((p) => stored.types[p.type]);
    if (!wanted.length) return;
    const wait = await this.take(userId);
    if (wait > 0) {
      this.deps.log.info({ userId, retryAfterMs: wait }, 'signal dropped by the throttle');
      return;
    }
    const embeds: DiscordEmbed[] = [];
    for (const part of wanted) {
      try {
        embeds.push(await part.embed());
      } catch (err) {
        const reason = err instanceof Error ? err.message : 'unknown';
        this.deps.log.warn({ userId, type: part.type, reason }, 'signal part left out');
      }
    }
    if (embeds.length) await this.deps.send(url, signalMessage(embeds));
  }

  /** Takes one slot of the user's throttle: 0 when allowed, else milliseconds to wait. */
  private async take(userId: string): Promise<number> {
    const nowMs = this.#now().getTime();
    return this.deps.state.update<SignalThrottleState, number>(
      [`signals:${userId}`],
      nowMs,
      ([stored]) => {
        const decision = throttleSignal(stored ?? initialThrottleState(), nowMs);
        return {
          records: [decision.state],
          // Past the gap and the window the state is the initial one again.
          expiresAt: nowMs + SIGNAL_WINDOW_MS,
          result: decision.allowed ? 0 : Math.max(1, decision.retryAfterMs),
        };
      },
    );
  }

  private url(stored: StoredSignalSettings | undefined): string | null {
    if (!stored?.webhookUrlEnc) return null;
    try {
      return this.deps.box.decrypt(stored.webhookUrlEnc);
    } catch {
      return null;
    }
  }

  private view(stored: StoredSignalSettings | undefined): SignalSettingsResponse {
    const url = this.url(stored);
    return {
      hasWebhook: url !== null,
      maskedWebhookUrl: url === null ? null : maskWebhookUrl(url),
      active: (stored?.active ?? false) && url !== null,
      types: stored?.types ?? DEFAULT_TYPES,
    };
  }
}

/** The parts of an order event's signal; the positions table shows them when it is sent. */
function orderEventParts(
  event: OrderEvent,
  now: Clock,
  prices: () => Promise<PriceText>,
): SignalPart[] {
  const positions = (read: () => Promise<Position[]>): SignalPart => ({
    type: 'positions',
    embed: async () => positionsTableEmbed(await read(), now(), await prices()),
  });
  switch (event.kind) {
    case 'order-placed':
      return [
        {
          type: 'orders',
          embed: async () => orderPlacedEmbed(event.order, event.placed, event.at, await prices()),
        },
        ...(event.positions ? [positions(event.positions)] : []),
      ];
    case 'order-cancelled': {
      const { orderId, symbol } = event;
      return [{ type: 'cancels', embed: () => orderCancelledEmbed({ orderId, symbol }, event.at) }];
    }
    case 'positions-closed':
      return [positions(event.positions)];
  }
}
