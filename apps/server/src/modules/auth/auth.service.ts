import { hash, verify } from '@node-rs/argon2';
import {
  accountMessages,
  authMessages,
  commonPasswordProblem,
  type ChangePasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type SessionResponse,
} from '@tb/core';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, conflict } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { MailQueue } from '../../lib/mail-queue.js';
import type { Mail } from '../../lib/mailer.js';
import { hashLinkToken, newLinkToken } from '../../lib/tokens.js';
import type { SharedState } from '../../lib/redis/shared-state.js';
import { WindowLimiter } from '../../lib/window-limiter.js';
import type { UserRow } from '../../db/schema/index.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { UsersService } from '../users/users.service.js';
import { authTexts } from './auth.messages.js';
import {
  emailChangedNewMail,
  emailChangedOldMail,
  passwordNoticeMail,
  resetMail,
  verificationMail,
} from './auth.mails.js';
import type { EmailTokensRepository } from './email-tokens.repository.js';
import type { DeviceTokens } from './device-tokens.js';
import type { LoginThrottle } from './login-throttle.js';
import { SignIn, type ClientInfo } from './sign-in.js';
import type { StepUpCodes } from './step-up-codes.js';

export { SignInThrottledError } from './sign-in.js';
import type { SessionsRepository } from './sessions.repository.js';

const HOUR_MS = 60 * 60 * 1000;
const SESSION_TTL_MS = 24 * HOUR_MS;
const VERIFY_TTL_MS = 24 * HOUR_MS;
const RESET_TTL_MS = HOUR_MS;

export interface AuthDeps {
  users: UsersRepository;
  usersService: UsersService;
  sessions: SessionsRepository;
  emailTokens: EmailTokensRepository;
  /** Mails go out after the answer (see MailQueue). */
  mails: MailQueue;
  /** Records password changes. */
  audit: AuditRepository;
  publicUrl: string;
  signToken: (userId: string, sessionId: string) => string;
  /** Failed password checks per account and address (shared by every instance with Redis). */
  loginThrottle: LoginThrottle;
  /** The codes mailed for a step-up past the account-wide ceiling (shared with Redis). */
  stepUps: StepUpCodes;
  /** Proofs that a browser signed in to an account before. */
  devices: DeviceTokens;
  /** Where the mail and password-change limits count (shared by every instance with Redis). */
  state?: SharedState;
  log: FastifyBaseLogger;
  now: Clock;
}

/**
 * 400 naming `field` when `password` is a common one or the account's own name or address
 * (issue 29); the length and repeats were refused by `NewPasswordSchema` at the edge already.
 */
async function refuseWeakPassword(
  password: string,
  field: string,
  account?: { username: string; email: string },
) {
  const problem = await commonPasswordProblem(password, account);
  if (problem) throw badRequest(problem, field);
}

/** Register, login, logout, email verification and password reset. */
export class AuthService {
  readonly #now: Clock;
  // Per-account limits (sign-ins: deps.loginThrottle); per-IP limits sit on the routes.
  readonly #mailLimiter: WindowLimiter;
  readonly #passwordLimiter: WindowLimiter;
  #dummyHash: Promise<string> | undefined;
  readonly #signIn: SignIn;

  constructor(private readonly deps: AuthDeps) {
    this.#now = deps.now;
    this.#signIn = new SignIn({
      ...deps,
      send: (mail) => this.#send(mail),
      startSession: (userId, client) => this.#startSession(userId, client),
      dummyHash: () => this.#dummy(),
    });
    this.#mailLimiter = new WindowLimiter('mail', 3, 15 * 60 * 1000, deps.state);
    this.#passwordLimiter = new WindowLimiter('password-change', 5, 15 * 60 * 1000, deps.state);
  }

  async register(input: RegisterRequest, client: ClientInfo): Promise<SessionResponse> {
    const { users } = this.deps;
    await refuseWeakPassword(input.password, 'password', input);
    if (await users.findByEmail(input.email))
      throw conflict('EMAIL_TAKEN', authMessages.emailTaken, 'email');
    if (await users.findByUsername(input.username)) {
      throw conflict('USERNAME_TAKEN', authMessages.usernameTaken, 'username');
    }
    const passwordHash = await hash(input.password);
    const user = await users.insert({ ...input, passwordHash });
    // Lost a race with another sign-up using the same name or address.
    if (!user) throw conflict('EMAIL_TAKEN', authMessages.emailTaken, 'email');
    if (user.isAdmin)
      this.deps.log.info({ userId: user.id }, 'first account registered: made admin');
    await this.#sendVerification(user.id, user.email, user.username);
    return { ...(await this.#startSession(user.id, client)), message: authTexts.registered };
  }

  /** Signs in by username or email (see SignIn: the throttle, the step-up, the audit). */
  async login(input: LoginRequest, client: ClientInfo): Promise<SessionResponse> {
    return this.#signIn.login(input, client);
  }

  async logout(sessionId: string) {
    await this.deps.sessions.revoke(sessionId, this.#now());
  }

  /**
   * Whether an address is registered (the register form says so before sending). Never who
   * holds it: the answer must not turn an address into a username to guess passwords for.
   */
  async checkEmail(email: string): Promise<{ exists: boolean }> {
    return { exists: (await this.deps.users.findByEmail(email)) !== undefined };
  }

  async verifyEmail(token: string): Promise<{ message: string }> {
    const now = this.#now();
    const tokenHash = hashLinkToken(token);
    const link = await this.deps.emailTokens.consume('verify', tokenHash, now);
    if (!link) {
      // A link opened again once its address is verified: say so, not "invalid".
      if (await this.deps.emailTokens.isVerifiedAddress(tokenHash)) {
        return { message: authTexts.alreadyVerified };
      }
      throw new AppError(400, 'INVALID_TOKEN', authTexts.invalidVerifyLink);
    }
    await this.deps.users.markEmailVerified(link.userId, link.email, now);
    return { message: authTexts.verified };
  }

  /**
   * Same answer whether or not the address exists, so it cannot be used to probe accounts: the
   * lookup is the only work before the answer (issue 29); the link is stored and mailed after.
   */
  async resendVerification(email: string): Promise<{ message: string }> {
    await this.#limitMail(`verify:${email}`);
    const user = await this.deps.users.findByEmail(email);
    if (user && !user.emailVerifiedAt) {
      this.deps.mails.later('verification mail', () =>
        this.#sendVerification(user.id, user.email, user.username),
      );
    }
    return { message: authTexts.resendSent };
  }

  /** Same answer, and as fast, whether or not the address exists (the link is made after). */
  async requestPasswordReset(email: string): Promise<{ message: string }> {
    await this.#limitMail(`reset:${email}`);
    const user = await this.deps.users.findByEmail(email);
    if (user) this.deps.mails.later('reset mail', () => this.#sendReset(user));
    return { message: authTexts.resetSent };
  }

  async #sendReset(user: Pick<UserRow, 'id' | 'email' | 'username'>) {
    const { token, hash: tokenHash } = newLinkToken();
    const now = this.#now();
    await this.deps.emailTokens.replace({
      userId: user.id,
      purpose: 'reset',
      tokenHash,
      email: user.email,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      now,
    });
    const link = `${this.deps.publicUrl}/reset-password/${token}`;
    await this.#send(resetMail(user.email, user.username, link));
  }

  /** Sets the new password and signs every session of the account out. */
  async resetPassword(token: string, password: string): Promise<{ message: string }> {
    const now = this.#now();
    // Before the link is spent: a refused password leaves it usable for a better one.
    await refuseWeakPassword(password, 'password');
    const link = await this.deps.emailTokens.consume('reset', hashLinkToken(token), now);
    if (!link) throw new AppError(400, 'INVALID_TOKEN', authTexts.invalidResetLink);
    await this.deps.users.setPasswordHash(link.userId, await hash(password), now);
    await this.deps.sessions.revokeAllForUser(link.userId, now);
    // Following the emailed link proves the address too.
    await this.deps.users.markEmailVerified(link.userId, link.email, now);
    const user = await this.deps.users.findById(link.userId);
    if (user) {
      // The one who followed the mailed link acted; the entry keeps the account's name.
      await this.deps.audit.record({
        actorId: user.id,
        action: 'user.password_reset',
        targetType: 'user',
        targetId: user.id,
        details: { username: user.username },
      });
      await this.#send(passwordNoticeMail(user.email, user.username, 'reset', this.deps.publicUrl));
    }
    return { message: authTexts.resetDone };
  }

  /**
   * The signed-in user changes their password: the current one must match (5 tries per 15
   * minutes per account), and every other session of the account is signed out.
   */
  async changePassword(
    user: UserRow,
    sessionId: string,
    input: ChangePasswordRequest,
  ): Promise<{ message: string }> {
    const now = this.#now();
    if (!(await this.#passwordLimiter.hit(user.id, now.getTime()))) {
      throw new AppError(429, 'RATE_LIMITED', authTexts.tooManyAttempts);
    }
    const ok = await verify(user.passwordHash, input.currentPassword).catch(() => false);
    if (!ok) throw badRequest(accountMessages.wrongCurrentPassword, 'currentPassword');
    await refuseWeakPassword(input.newPassword, 'newPassword', user);
    await this.#passwordLimiter.reset(user.id, now.getTime());
    await this.deps.users.setPasswordHash(user.id, await hash(input.newPassword), now);
    await this.deps.sessions.revokeOthersForUser(user.id, sessionId, now);
    await this.deps.audit.record({
      actorId: user.id,
      action: 'user.password_change',
      targetType: 'user',
      targetId: user.id,
      details: { username: user.username },
    });
    await this.#send(passwordNoticeMail(user.email, user.username, 'changed', this.deps.publicUrl));
    return { message: accountMessages.passwordChanged };
  }

  /**
   * An administrator changed `user`'s email from `oldEmail` (issue 29): the old address is told,
   * with how to get the account back, and the new one gets its verification link.
   */
  async emailChangedByAdmin(user: Pick<UserRow, 'id' | 'email' | 'username'>, oldEmail: string) {
    await this.#send(emailChangedOldMail(oldEmail, user.username, user.email, this.deps.publicUrl));
    const link = await this.#verifyLink(user.id, user.email);
    await this.#send(emailChangedNewMail(user.email, user.username, link));
  }

  /** Mails a new verification link to the account's address (the admin panel's resend). */
  async sendVerificationMail(user: Pick<UserRow, 'id' | 'email' | 'username'>) {
    await this.#sendVerification(user.id, user.email, user.username);
  }

  async #startSession(userId: string, client: ClientInfo): Promise<SessionResponse> {
    const now = this.#now();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const sessionId = await this.deps.sessions.create({ userId, expiresAt, ...client });
    const user = await this.deps.usersService.getPublic(userId, now);
    return {
      token: this.deps.signToken(userId, sessionId),
      expiresAt: expiresAt.toISOString(),
      user,
    };
  }

  async #sendVerification(userId: string, email: string, username: string) {
    await this.#send(verificationMail(email, username, await this.#verifyLink(userId, email)));
  }

  /** A new verify link for `email` (24 hours); older ones of the account stop working. */
  async #verifyLink(userId: string, email: string): Promise<string> {
    const { token, hash: tokenHash } = newLinkToken();
    const now = this.#now();
    await this.deps.emailTokens.replace({
      userId,
      purpose: 'verify',
      tokenHash,
      email,
      expiresAt: new Date(now.getTime() + VERIFY_TTL_MS),
      now,
    });
    return `${this.deps.publicUrl}/verify-email/${token}`;
  }

  /**
   * Queues a mail: it goes out after the answer, so how long an answer takes does not tell
   * whether a mail was sent (issue 29). One that cannot be sent is logged by the queue; the
   * account change it belongs to still stands.
   */
  async #send(mail: Mail) {
    this.deps.mails.enqueue(mail);
  }

  async #limitMail(key: string) {
    if (!(await this.#mailLimiter.hit(key, this.#now().getTime()))) {
      throw new AppError(429, 'RATE_LIMITED', authTexts.tooManyAttempts);
    }
  }

  #dummy(): Promise<string> {
    this.#dummyHash ??= hash('not-a-real-password');
    return this.#dummyHash;
  }
}
