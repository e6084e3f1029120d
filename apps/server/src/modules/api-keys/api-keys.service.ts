import {
  canAddExchangeKey,
  exchangeKeyLimit,
  type ApiKeyListItem,
  type ApiKeyRequest,
  type ApiKeyUpdateRequest,
} from '@tb/core';
import type { AccountCredentials, Network } from '@tb/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { ExchangeCredentialRow, UserRow } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound, type AppError } from '../../lib/app-error.js';
import type { SharedState } from '../../lib/redis/shared-state.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import { notConnected } from '../exchange/exchange-errors.js';
import type { ExchangeNetworks } from '../exchange/exchange-networks.js';
import type { UsersService } from '../users/users.service.js';
import { isUuid } from '../../lib/ids.js';
import { toListItem } from './api-key-views.js';
import type { ApiKeysRepository } from './api-keys.repository.js';
import { ConnectionControl, notAccountOwner, type OnControlRefused } from './connection-control.js';
import { KeyMaterial, type KeyFields } from './key-material.js';
import { MAX_PAPER_KEYS, PaperKeyLimits, tooManyPaperKeys } from './paper-key-limits.js';

/** A connection resolved for one exchange call; the private key is open only inside it. */
export interface Connection {
  id: string;
  network: Network;
  credentials: AccountCredentials;
}

export interface ApiKeysDeps {
  repo: ApiKeysRepository;
  users: UsersService;
  box: SecretBox;
  networks: ExchangeNetworks;
  audit: AuditRepository;
  log: FastifyBaseLogger;
  /** The app's clock (plan periods, key use, the paper key limits). */
  now: Clock;
  /** Where the paper key limits count (shared by every instance with Redis). */
  state?: SharedState;
  /** A connection found not to act for its wallet on its first check (connection-control.ts). */
  onControlRefused?: OnControlRefused;
}

const keyNotFound = () => notFound('API key not found');

/** The API key manager: stored keys, their plan limit, and connections resolved for calls. */
export class ApiKeysService {
  readonly #now: Clock;
  private readonly material: KeyMaterial;
  private readonly paperLimits: PaperKeyLimits;
  private readonly control: ConnectionControl;

  constructor(private readonly deps: ApiKeysDeps) {
    this.#now = deps.now;
    this.material = new KeyMaterial(deps.networks, deps.box, deps.log);
    this.paperLimits = new PaperKeyLimits(deps.repo, deps.state);
    this.control = new ConnectionControl({
      repo: deps.repo,
      networks: deps.networks,
      now: deps.now,
      log: deps.log,
      onRefused: deps.onControlRefused,
    });
  }

  async list(userId: string): Promise<ApiKeyListItem[]> {
    return (await this.deps.repo.list(userId)).map((row) => this.view(row));
  }

  async create(user: UserRow, body: ApiKeyRequest): Promise<ApiKeyListItem> {
    const row = await this.add(user, body, body.isActive);
    return this.view(row);
  }

  /**
   * Adds a key within the plan's limit (403 PREMIUM_REQUIRED past it) and, for a paper key, the
   * paper limits (paper-key-limits.ts). The limits are checked before the keys are made (a
   * paper account is not created for nothing) and again, atomically, when the row is written.
   */
  async add(
    user: UserRow,
    fields: KeyFields,
    isActive: boolean,
    { verify = false } = {},
  ): Promise<ExchangeCredentialRow> {
    const access = await this.deps.users.planAccess(user, this.#now());
    const limit = exchangeKeyLimit(access);
    if (!canAddExchangeKey(access, await this.deps.repo.count(user.id))) throw overLimit(limit);
    const paper = fields.network === 'paper';
    const { input, credentials } = await this.makeKeys(user, fields, isActive);
    if (paper) Object.assign(input, { control: 'agent', controlCheckedAt: this.#now() });
    // A connection is checked against the exchange before it is stored: nothing kept on failure.
    // Its API wallet must act for the wallet (DESIGN.md section 11): anyone can read an
    // address's fills, only its owner can approve an agent for it.
    if (verify && !paper) {
      await this.material.verify(input.network, credentials);
      const control = await this.control.ask(input.network, credentials);
      if (control === 'none') throw notAccountOwner(input.walletAddress);
      Object.assign(input, { control, controlCheckedAt: this.#now() });
    }
    const limits = { total: limit, ...(paper && { sameNetwork: MAX_PAPER_KEYS }) };
    // Stamped by the app's clock, as the reconciler's cursor starts from it (watched-connections).
    const stored = await this.deps.repo.insertIfUnder(user.id, input, limits, this.#now());
    if ('full' in stored) throw stored.full === 'network' ? tooManyPaperKeys() : overLimit(limit);
    const { row } = stored;
    await this.record(user, 'api_key.create', row);
    return row;
  }

  /** The keys to store; a paper account counts against the paper limits once it is made. */
  private async makeKeys(user: UserRow, fields: KeyFields, isActive: boolean) {
    if (fields.network !== 'paper') return this.material.make(fields, isActive);
    const release = await this.paperLimits.reserve(user.id, this.#now().getTime());
    try {
      return await this.material.make(fields, isActive);
    } catch (err) {
      await release();
      throw err;
    }
  }

  /** Saves all fields again (edit fields start blank); the exchange and network are locked. */
  async update(user: UserRow, id: string, body: ApiKeyUpdateRequest): Promise<ApiKeyListItem> {
    const existing = isUuid(id) ? await this.deps.repo.find(user.id, id) : undefined;
    if (!existing) throw keyNotFound();
    if (body.exchangeId !== existing.exchangeId)
      throw badRequest('The exchange of a saved key cannot be changed', 'exchangeId');
    if (body.network !== existing.network)
      throw badRequest('The network of a saved key cannot be changed', 'network');
    // A paper key's wallets were made by the server; only its active flag can change.
    const { network, walletAddress, apiKey, apiSecretEnc } = existing;
    const input =
      network === 'paper'
        ? { network, walletAddress, apiKey, apiSecretEnc, isActive: body.isActive }
        : { ...(await this.material.make(body, body.isActive)).input, control: null };
    const row = await this.deps.repo.update(user.id, id, input, this.#now());
    if (!row) throw keyNotFound();
    await this.record(user, 'api_key.update', row);
    return this.view(row);
  }

  async remove(user: UserRow, id: string): Promise<void> {
    const existing = isUuid(id) ? await this.deps.repo.find(user.id, id) : undefined;
    if (!existing || !(await this.deps.repo.delete(user.id, id))) throw keyNotFound();
    await this.record(user, 'api_key.delete', existing);
  }

  /** The user's active keys (their connections), newest first. */
  async activeRows(userId: string): Promise<ExchangeCredentialRow[]> {
    return (await this.deps.repo.list(userId)).filter((row) => row.isActive);
  }

  /**
   * The connection a private exchange call uses: `connectionId` when given (it must be the
   * user's and active), else the newest active one. 400 EXCHANGE_NOT_CONNECTED otherwise.
   */
  async resolve(userId: string, connectionId?: string): Promise<Connection> {
    if (connectionId !== undefined && !isUuid(connectionId)) throw notConnected();
    const row = await this.deps.repo.findActive(userId, connectionId);
    if (!row) throw notConnected();
    const privateKey = this.open(row);
    if (privateKey === null) throw notConnected();
    return {
      id: row.id,
      network: row.network,
      credentials: {
        walletAddress: row.walletAddress as `0x${string}`,
        privateKey: privateKey as `0x${string}`,
      },
    };
  }

  /**
   * As `resolve`, for what trusts the account to be the trader's (placing, verifying, importing
   * fills): its API wallet must be the wallet or an agent of it (403 NOT_ACCOUNT_OWNER).
   */
  async resolveControlled(userId: string, connectionId?: string): Promise<Connection> {
    const connection = await this.resolve(userId, connectionId);
    const row = await this.deps.repo.findActive(userId, connection.id);
    if (!row) throw notConnected();
    await this.control.require(row, connection.credentials);
    return connection;
  }

  /** The network of the user's newest active connection, if any (public market data). */
  async activeNetwork(userId: string): Promise<Network | undefined> {
    return (await this.deps.repo.findActive(userId))?.network;
  }

  async markUsed(connectionId: string): Promise<void> {
    await this.deps.repo.touch(connectionId, this.#now());
  }

  private view(row: ExchangeCredentialRow): ApiKeyListItem {
    return toListItem(row, this.open(row));
  }

  /** The private key, or null when it cannot be opened (sealed under another APP_SECRET). */
  private open(row: ExchangeCredentialRow): string | null {
    try {
      return this.deps.box.decrypt(row.apiSecretEnc);
    } catch {
      this.deps.log.warn({ keyId: row.id }, 'an exchange key cannot be opened with APP_SECRET');
      return null;
    }
  }

  /** Audit entries name the key and its public addresses, never the private key. */
  private async record(user: UserRow, action: string, row: ExchangeCredentialRow) {
    await this.deps.audit.record({
      actorId: user.id,
      action,
      targetType: 'exchange_credential',
      targetId: row.id,
      details: { network: row.network, apiKey: row.apiKey, isActive: row.isActive },
    });
  }
}

function overLimit(limit: number): AppError {
  const keys = `${limit} exchange API key${limit === 1 ? '' : 's'}`;
  return forbidden(
    'PREMIUM_REQUIRED',
    `Your plan allows ${keys}. Upgrade to Premium to connect more exchange API keys.`,
  );
}
