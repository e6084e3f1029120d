import { InfoClient } from '@nktkas/hyperliquid';
import { describe, expect, it } from 'vitest';
import { accountControl } from './control.js';
import { FakeTransport } from './testing/fake-transport.js';
import { addressOfPrivateKey, generatePrivateKey } from './wallet.js';

const NOW = 1_800_000_000_000;
const walletKey = generatePrivateKey();
const wallet = addressOfPrivateKey(walletKey);
const apiKey = generatePrivateKey();
const apiWallet = addressOfPrivateKey(apiKey);

function check(transport: FakeTransport, privateKey = apiKey) {
  return accountControl(new InfoClient({ transport }), { walletAddress: wallet, privateKey }, NOW);
}

describe('accountControl', () => {
  it('is the wallet itself when the key is the wallet key, without asking', async () => {
    const transport = new FakeTransport();
    expect(await check(transport, walletKey)).toBe('wallet');
    expect(transport.requests).toEqual([]);
  });

  it('is an agent when userRole names the wallet as its master', async () => {
    const transport = new FakeTransport().on('userRole', {
      role: 'agent',
      data: { user: wallet.toUpperCase().replace('0X', '0x') },
    });
    expect(await check(transport)).toBe('agent');
    expect(transport.requests[0]?.payload).toEqual({ type: 'userRole', user: apiWallet });
  });

  it('is an agent when extraAgents of the wallet lists it, unexpired', async () => {
    const transport = new FakeTransport()
      .on('userRole', { role: 'missing' })
      .on('extraAgents', [{ address: apiWallet, name: 'bot', validUntil: NOW + 1000 }]);
    expect(await check(transport)).toBe('agent');
  });

  it('is none for an agent of someone else, an expired listing, or an unknown key', async () => {
    const other = addressOfPrivateKey(generatePrivateKey());
    const ofOther = new FakeTransport()
      .on('userRole', { role: 'agent', data: { user: other } })
      .on('extraAgents', []);
    expect(await check(ofOther)).toBe('none');
    const expired = new FakeTransport()
      .on('userRole', { role: 'missing' })
      .on('extraAgents', [{ address: apiWallet, name: 'bot', validUntil: NOW - 1 }]);
    expect(await check(expired)).toBe('none');
    const stranger = new FakeTransport()
      .on('userRole', { role: 'user' })
      .on('extraAgents', [{ address: other, name: 'x', validUntil: null }]);
    expect(await check(stranger)).toBe('none');
  });

  it('controls nothing with a key that is not a private key', async () => {
    expect(await check(new FakeTransport(), '0x1234' as `0x${string}`)).toBe('none');
  });
});
