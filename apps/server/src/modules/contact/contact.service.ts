import {
  CONTACT_MAIL_STATUSES,
  contactTexts,
  contactWaitText,
  type ContactMailStatus,
  type ContactMessage,
  type ContactMessageListQuery,
  type ContactMessageListResponse,
  type ContactMessageRequest,
  type ContactMessageResponse,
} from '@tb/core';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { clientKey } from '../../lib/client-key.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import type { SharedState } from '../../lib/redis/shared-state.js';
import { WindowLimiter } from '../../lib/window-limiter.js';
import { contactMail } from './contact.mails.js';
import type { ContactRepository, NamedContactMessage } from './contact.repository.js';

const HOUR_MS = 60 * 60 * 1000;
/** Messages an hour from one client address (times RATE_LIMIT_SCALE) and to one sender address. */
export const CONTACT_LIMITS = { perIp: 5, perEmail: 3, windowMs: HOUR_MS } as const;
/** How long the admins' mail may take before the sender is answered without it. */
const MAIL_TIMEOUT_MS = 15_000;

/** 429 for a sender over a limit; the route sends Retry-After. */
export class ContactLimitedError extends AppError {
  constructor(readonly retryAfterSec: number) {
    super(429, 'RATE_LIMITED', contactTexts.tooMany(contactWaitText(retryAfterSec * 1000)));
  }
}

export interface ContactDeps {
  repo: ContactRepository;
  mailer: Mailer;
  /** Whom a message is mailed to. */
  admins: () => Promise<Array<{ email: string }>>;
  /** The admin panel's list of messages, linked from the mail. */
  adminLink: string;
  state: SharedState;
  /** RATE_LIMIT_SCALE: multiplies the per-address limit (test rigs send from one address). */
  rateLimitScale: number;
  log: FastifyBaseLogger;
  now: Clock;
}

/** Contact Us: a message is stored, then mailed to every admin; the sender learns which. */
export class ContactService {
  readonly #perIp: WindowLimiter;
  readonly #perEmail: WindowLimiter;

  constructor(private readonly deps: ContactDeps) {
    const { perIp, perEmail, windowMs } = CONTACT_LIMITS;
    this.#perIp = new WindowLimiter(
      'contact-ip',
      perIp * deps.rateLimitScale,
      windowMs,
      deps.state,
    );
    this.#perEmail = new WindowLimiter('contact-email', perEmail, windowMs, deps.state);
  }

  async send(
    input: ContactMessageRequest,
    sender: { ip: string; userId: string | null; username: string | null },
  ): Promise<ContactMessageResponse> {
    const nowMs = this.deps.now().getTime();
    const ip = clientKey(sender.ip);
    await this.#take(this.#perIp, ip, nowMs, []);
    await this.#take(this.#perEmail, input.email, nowMs, [[this.#perIp, ip]]);
    let row;
    try {
      row = await this.deps.repo.insert({
        ...input,
        userId: sender.userId,
        createdAt: new Date(nowMs),
      });
    } catch (err) {
      // Nothing was stored: the sender's allowance is not spent.
      await this.#perIp.giveBack(ip, nowMs);
      await this.#perEmail.giveBack(input.email, nowMs);
      throw err;
    }
    const outcome = await this.#mailAdmins({ ...input, username: sender.username });
    await this.deps.repo.setMailResult(row.id, outcome);
    return {
      id: row.id,
      delivery: outcome.status === 'mailed' ? 'mailed' : 'saved',
      message:
        outcome.status === 'mailed'
          ? contactTexts.mailed
          : outcome.status === 'failed'
            ? contactTexts.mailFailed
            : contactTexts.saved,
    };
  }

  /** One page of messages, newest first. */
  async list(query: ContactMessageListQuery): Promise<ContactMessageListResponse> {
    const { rows, total } = await this.deps.repo.page({
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { messages: rows.map(toView), total, page: query.page, pageSize: query.pageSize };
  }

  /** Counts one use; over the limit, gives back the uses already counted and refuses. */
  async #take(
    limiter: WindowLimiter,
    key: string,
    nowMs: number,
    taken: Array<[WindowLimiter, string]>,
  ) {
    const waitMs = await limiter.take(key, nowMs);
    if (waitMs === 0) return;
    for (const [other, otherKey] of taken) await other.giveBack(otherKey, nowMs);
    throw new ContactLimitedError(Math.ceil(waitMs / 1000));
  }

  /** Mails every admin; what happened, for the row and the sender. */
  async #mailAdmins(message: ContactMessageRequest & { username: string | null }): Promise<{
    status: ContactMailStatus;
    mailedAt: Date | null;
    error: string | null;
  }> {
    const admins = await this.deps.admins();
    if (admins.length === 0) return { status: 'no-admins', mailedAt: null, error: null };
    const results = await Promise.allSettled(
      admins.map((admin) =>
        withTimeout(this.deps.mailer.send(contactMail(admin.email, message, this.deps.adminLink))),
      ),
    );
    const failures = results.flatMap((r, i) =>
      r.status === 'rejected' ? [`${admins[i]!.email}: ${reasonOf(r.reason)}`] : [],
    );
    if (failures.length > 0) {
      this.deps.log.error({ failures }, 'contact message could not be mailed');
      return { status: 'failed', mailedAt: null, error: failures.join('; ').slice(0, 1000) };
    }
    const mailed = this.deps.mailer.kind === 'smtp';
    return {
      status: mailed ? 'mailed' : 'logged',
      mailedAt: mailed ? this.deps.now() : null,
      error: null,
    };
  }
}

const isMailStatus = (status: string): status is ContactMailStatus =>
  (CONTACT_MAIL_STATUSES as readonly string[]).includes(status);

const reasonOf = (reason: unknown) => (reason instanceof Error ? reason.message : String(reason));

/** `sending`, or a refusal once the mail server has taken too long. */
function withTimeout(sending: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer from the mail server in ${MAIL_TIMEOUT_MS / 1000} s`)),
      MAIL_TIMEOUT_MS,
    );
  });
  return Promise.race([sending, late]).finally(() => clearTimeout(timer));
}

function toView(row: NamedContactMessage): ContactMessage {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    name: row.name,
    email: row.email,
    message: row.message,
    user: row.userId && row.username !== null ? { id: row.userId, username: row.username } : null,
    mailStatus: isMailStatus(row.mailStatus) ? row.mailStatus : 'pending',
    mailedAt: row.mailedAt?.toISOString() ?? null,
    mailError: row.mailError,
  };
}
