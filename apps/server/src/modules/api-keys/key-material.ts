import type { ApiKeyRequest } from '@tb/core';
import { addressOfPrivateKey, type AccountCredentials, type Network } from '@tb/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { exchangeFailure, exchangeRouteMessages } from '../exchange/exchange-errors.js';
import type { ExchangeNetworks } from '../exchange/exchange-networks.js';
import type { CredentialInput } from './api-keys.repository.js';

/** The key fields of the API key manager and the connect form. */
export type KeyFields = Pick<ApiKeyRequest, 'network' | 'walletAddress' | 'apiKey' | 'apiSecret'>;

/** Turns submitted (or generated) keys into a row to store, and checks them against the exchange. */
export class KeyMaterial {
  constructor(
    private readonly networks: ExchangeNetworks,
    private readonly box: SecretBox,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The row to store. Paper keys are made here; real keys must belong together: the API key is
   * the address of the private key (a typo fails now, not on the first order).
   */
  async make(
    fields: KeyFields,
    isActive: boolean,
  ): Promise<{ input: CredentialInput; credentials: AccountCredentials }> {
    if (fields.network === 'paper') {
      let keys;
      try {
        keys = await this.networks.createPaperAccount();
      } catch (err) {
        throw exchangeFailure(err, exchangeRouteMessages.connect, this.log);
      }
      const input: CredentialInput = {
        exchangeId: 'hyperliquid',
        network: 'paper',
        walletAddress: keys.walletAddress,
        apiKey: keys.apiKey,
        apiSecretEnc: this.box.encrypt(keys.privateKey),
        isActive,
      };
      return {
        input,
        credentials: { walletAddress: keys.walletAddress, privateKey: keys.privateKey },
      };
    }
    const apiKey = (fields.apiKey ?? '').trim();
    const apiSecret = (fields.apiSecret ?? '').trim();
    let address: string;
    try {
      address = addressOfPrivateKey(apiSecret);
    } catch {
      throw badRequest('Private key must be 0x followed by 64 hexadecimal digits', 'apiSecret');
    }
    if (address.toLowerCase() !== apiKey.toLowerCase())
      throw badRequest('The API key is not the address of this private key', 'apiKey');
    const walletAddress = (fields.walletAddress ?? '').trim() as `0x${string}`;
    const input: CredentialInput = {
      exchangeId: 'hyperliquid',
      network: fields.network,
      walletAddress,
      apiKey,
      apiSecretEnc: this.box.encrypt(apiSecret),
      isActive,
    };
    return { input, credentials: { walletAddress, privateKey: apiSecret as `0x${string}` } };
  }

  /** Reads the balance with the keys: the exchange knows the account, and answers. */
  async verify(network: Network, credentials: AccountCredentials) {
    try {
      await this.networks.account(network, credentials).balance();
    } catch (err) {
      const failure = exchangeFailure(err, exchangeRouteMessages.connect, this.log);
      // The connect form reads every refusal as "could not connect", with the reason.
      throw failure.status === 504 ? failure : new AppError(502, 'EXCHANGE_ERROR', failure.message);
    }
  }
}
