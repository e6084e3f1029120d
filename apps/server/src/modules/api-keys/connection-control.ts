import { maskWalletAddress } from '@tb/core';
import type { AccountControl, AccountCredentials, Network } from '@tb/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { ExchangeCredentialRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { exchangeFailure, exchangeRouteMessages } from '../exchange/exchange-errors.js';
import type { ExchangeNetworks } from '../exchange/exchange-networks.js';
import type { ApiKeysRepository } from './api-keys.repository.js';

/** A proven connection is asked again after this long: an agent can be revoked or expire. */
export const CONTROL_RECHECK_MS = 24 * 60 * 60_000;

/**
 * 403 NOT_ACCOUNT_OWNER: the API wallet does not act for the wallet address, so nothing of that
 * account (whose fills anyone can read) may be placed, imported or verified as this trader's.
 */
export function notAccountOwner(walletAddress: string): AppError {
  return new AppError(
    403,
    'NOT_ACCOUNT_OWNER',
    `This API wallet does not act for ${maskWalletAddress(walletAddress)}: Hyperliquid lists it ` +
      'neither as that wallet nor as one of its API wallets, so its trades cannot be placed or ' +
      'verified as yours. Create an API wallet for your own account (on Hyperliquid: More → ' +
      'API, generate a wallet and authorize it with your wallet), then connect with your ' +
      "wallet's address and the API wallet's private key.",
  );
}

/** Rows whose first check fails lose the verified badge of what they imported (injected). */
export type OnControlRefused = (userId: string, connectionId: string) => Promise<void>;

/**
 * Proof of control (DESIGN.md section 11): asks the exchange whether a connection's API wallet
 * is its wallet or an agent of it, stores the answer, and asks again once it is a day old.
 */
export class ConnectionControl {
  constructor(
    private readonly deps: {
      repo: ApiKeysRepository;
      networks: ExchangeNetworks;
      now: Clock;
      log: FastifyBaseLogger;
      onRefused?: OnControlRefused;
    },
  ) {}

  /** What the exchange says now; exchange failures answer as the connect form's (502/504). */
  async ask(network: Network, credentials: AccountCredentials): Promise<AccountControl> {
    try {
      return await this.deps.networks.account(network, credentials).control(this.#nowMs());
    } catch (err) {
      const failure = exchangeFailure(err, exchangeRouteMessages.connect, this.deps.log);
      throw failure.status === 504 ? failure : new AppError(502, 'EXCHANGE_ERROR', failure.message);
    }
  }

  /**
   * The row's control, asked again when never checked or a day old. 403 NOT_ACCOUNT_OWNER when
   * the API wallet does not act for the wallet. A first check that fails takes the verified
   * badge off what the connection brought in before checks existed.
   */
  async require(row: ExchangeCredentialRow, credentials: AccountCredentials): Promise<void> {
    const checkedAt = row.controlCheckedAt?.getTime();
    const fresh =
      row.control !== null &&
      checkedAt !== undefined &&
      this.#nowMs() - checkedAt < CONTROL_RECHECK_MS;
    let control = row.control;
    if (!fresh) {
      control = await this.ask(row.network, credentials);
      await this.deps.repo.setControl(row.id, control, this.deps.now());
      if (control === 'none') {
        this.deps.log.warn(
          { connectionId: row.id, firstCheck: row.control === null },
          'an API wallet does not act for its wallet address',
        );
        if (row.control === null) await this.deps.onRefused?.(row.userId, row.id);
      }
    }
    if (control === 'none') throw notAccountOwner(row.walletAddress);
  }

  #nowMs(): number {
    return this.deps.now().getTime();
  }
}
