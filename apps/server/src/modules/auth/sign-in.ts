import { verify } from '@node-rs/argon2';
import type { LoginRequest, SessionResponse } from '@tb/core';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { clientKey } from '../../lib/client-key.js';
import type { Mail } from '../../lib/mailer.js';
import type { SharedState } from '../../lib/redis/shared-state.js';
import { WindowLimiter } from '../../lib/window-limiter.js';
import type { UserRow } from '../../db/schema/index.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import { authTexts } from './auth.messages.js';
import { stepUpMail } from './auth.mails.js';
import type { DeviceTokens } from './device-tokens.js';
import type { LoginThrottle } from './login-throttle.js';
import type { StepUpCodes } from './step-up-codes.js';

export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
}

/** 429 for an account still waiting out its failed sign-ins; the route sends Retry-After. */
export class SignInThrottledError extends AppError {
  constructor(readonly retryAfterSec: number) {
    super(429, 'RATE_LIMITED', authTexts.tooManyFailedSignIns(retryAfterSec));
  }
}

export interface SignInDeps {
  users: UsersRepository;
  loginThrottle: LoginThrottle;
  stepUps: StepUpCodes;
  devices: DeviceTokens;
  audit: AuditRepository;
  publicUrl: string;
  state?: SharedState | undefined;
  log: FastifyBaseLogger;
  now: Clock;
  /** Mails without failing the sign-in (the service's mail queue). */
  send: (mail: Mail) => Promise<void>;
  /** A new session for the user (the service's). */
  startSession: (userId: string, client: ClientInfo) => Promise<SessionResponse>;
  /** A hash to verify against when the login names nobody, so both take as long. */
  dummyHash: () => Promise<string>;
}

/**
 * Signing in (issue 11, issue 29). Failed password checks are counted per account (an unknown
 * name gets a count of its own, so both answer alike) and client address, and per account
 * across all addresses; the lookup comes first, so one the database could not answer spends
 * nothing. Each check is counted as a failure before it runs (atomically with the look at the
 * wait, so a burst of concurrent guesses cannot slip past) and taken back when it succeeds.
 *
 * Past five failures from one address, the next attempt from there waits (1 s, doubling up to
 * a minute), answered 429 without checking a password. Past 100 in 15 minutes from all
 * addresses, the account is not walled off: a device it signed in from before (a device
 * token) signs in as usual, and any other needs the 6-digit code mailed to the account's
 * address (401 STEP_UP_REQUIRED, no password checked), so strangers' failures never lock the
 * owner out. Failed, throttled and stepped-up sign-ins are logged and audited.
 */
export class SignIn {
  /** One audit entry per account and address per window for the 429s of a wait. */
  readonly #throttledAudit: WindowLimiter;

  constructor(private readonly deps: SignInDeps) {
    this.#throttledAudit = new WindowLimiter('audit-throttled', 1, 15 * 60_000, deps.state);
  }

  async login(input: LoginRequest, client: ClientInfo): Promise<SessionResponse> {
    const { users, loginThrottle, devices, stepUps } = this.deps;
    const user = await users.findByLogin(input.username);
    const account = user ? `user:${user.id}` : `login:${input.username.toLowerCase()}`;
    const now = this.deps.now();
    // Counted per address (an IPv6 host by its /64: it may send from any address in it).
    const ip = clientKey(client.ip);
    const knownDevice = user !== undefined && devices.knows(input.deviceTokens, user.id, now);
    const codeOk =
      user !== undefined &&
      input.code !== undefined &&
      (await stepUps.check(user.id, input.code, ip));
    const start = await loginThrottle.begin(account, ip, knownDevice || codeOk);
    if (start.stepUp) return this.#stepUp(user, input.code !== undefined, client);
    if (!start.ticket) {
      const retryAfterSec = Math.ceil(start.waitMs / 1000);
      await this.#throttled(user, ip, client, retryAfterSec);
      throw new SignInThrottledError(retryAfterSec);
    }
    // Verify against a dummy hash for unknown users so timing does not reveal which names exist.
    const hash = user?.passwordHash ?? (await this.deps.dummyHash());
    const ok = await verify(hash, input.password).catch(() => false);
    // A failure was counted by `begin` already.
    if (!user || !ok) {
      await this.#failed(user, client, 'wrong password');
      // With a right code, say no more than a wrong code would: the code is not confirmed.
      if (codeOk) throw new AppError(401, 'STEP_UP_REQUIRED', authTexts.stepUpCodeWrong);
      throw new AppError(401, 'INVALID_CREDENTIALS', authTexts.invalidCredentials);
    }
    await loginThrottle.succeeded(start.ticket);
    if (codeOk) {
      await stepUps.consume(user.id);
      await this.#event(user, 'auth.step_up_passed', client);
    }
    const session = await this.deps.startSession(user.id, client);
    return { ...session, deviceToken: devices.issue(user.id, now) };
  }

  /**
   * The account is past its ceiling and this device is not known: mail a code (not again
   * while the last one is fresh) and ask for it. The answer is the same for an unknown login,
   * a wrong code and a right one with a wrong password, so it tells nothing.
   */
  async #stepUp(user: UserRow | undefined, codeSent: boolean, client: ClientInfo): Promise<never> {
    if (user) {
      const code = await this.deps.stepUps.issue(user.id);
      if (code) {
        await this.deps.send(stepUpMail(user.email, user.username, code, this.deps.publicUrl));
        await this.#event(user, 'auth.step_up_mailed', client);
      }
    }
    this.deps.log.warn(
      { event: 'sign_in_step_up', userId: user?.id, ip: client.ip, codeSent },
      'sign-in needs a step-up code',
    );
    throw new AppError(
      401,
      'STEP_UP_REQUIRED',
      codeSent ? authTexts.stepUpCodeWrong : authTexts.stepUpRequired,
    );
  }

  async #failed(user: UserRow | undefined, client: ClientInfo, reason: string) {
    this.deps.log.warn(
      { event: 'sign_in_failed', userId: user?.id, ip: client.ip, reason },
      'sign-in failed',
    );
    if (user) await this.#event(user, 'auth.sign_in_failed', client);
  }

  async #throttled(user: UserRow | undefined, ip: string, client: ClientInfo, waitSec: number) {
    this.deps.log.warn(
      { event: 'sign_in_throttled', userId: user?.id, ip: client.ip, waitSec },
      'sign-in throttled',
    );
    if (user && (await this.#throttledAudit.hit(`${user.id}\n${ip}`, this.deps.now().getTime()))) {
      await this.#event(user, 'auth.sign_in_throttled', client, { waitSec });
    }
  }

  /** An account's security event in the audit log: no actor (nobody is signed in yet). */
  async #event(
    user: UserRow,
    action: string,
    client: ClientInfo,
    details: Record<string, unknown> = {},
  ) {
    await this.deps.audit.record({
      actorId: null,
      action,
      targetType: 'user',
      targetId: user.id,
      details: { username: user.username, ip: client.ip, ...details },
    });
  }
}
