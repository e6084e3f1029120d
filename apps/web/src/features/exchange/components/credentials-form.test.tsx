import type { ConnectExchangeRequest } from '@tb/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { useCredentialsForm, type CredentialsOptions } from '../hooks/use-credentials-form';
import { CredentialsForm, type CredentialsFormProps } from './credentials-form';

const WALLET = `0x${'b'.repeat(40)}`;

function Harness({
  options,
  onSubmit,
  ...props
}: {
  options?: CredentialsOptions;
  onSubmit: (r: ConnectExchangeRequest) => void;
} & Partial<CredentialsFormProps>) {
  const form = useCredentialsForm(options);
  return (
    <CredentialsForm
      form={form}
      label="Keys"
      submitLabel="Save"
      busy={false}
      onSubmit={onSubmit}
      {...props}
    />
  );
}

function render(props: Partial<Parameters<typeof Harness>[0]> = {}) {
  const onSubmit = vi.fn();
  const view = renderWithProviders(<Harness onSubmit={onSubmit} {...props} />);
  return { ...view, onSubmit };
}

describe('the shared credentials form', () => {
  it('sends the keys as apiSecret, trimmed, with the network', async () => {
    const { user, onSubmit } = render();
    await user.type(screen.getByLabelText('Wallet address'), ` ${WALLET} `);
    await user.type(screen.getByLabelText('API key'), '0xkey ');
    await user.type(screen.getByLabelText('Private key'), ' 0xsecret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      exchangeId: 'hyperliquid',
      network: 'mainnet',
      walletAddress: WALLET,
      apiKey: '0xkey',
      apiSecret: '0xsecret',
    });
  });

  it('names every missing key on submit and sends nothing', async () => {
    const { user, onSubmit } = render();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Wallet address')).toHaveAccessibleDescription(
      'Wallet address is required',
    );
    expect(screen.getByLabelText('API key')).toHaveAccessibleDescription('API key is required');
    expect(screen.getByLabelText('Private key')).toHaveAccessibleDescription(
      'Private key is required',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the paper network needs no keys', async () => {
    const { user, onSubmit } = render();
    await user.click(screen.getByRole('radio', { name: /Paper/ }));
    expect(screen.queryByLabelText('Private key')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ exchangeId: 'hyperliquid', network: 'paper' });
  });

  it('asks for the trading-permission confirmation when told to', async () => {
    const { user, onSubmit } = render({ options: { confirmTradingPermissions: true } });
    await user.type(screen.getByLabelText('Wallet address'), WALLET);
    await user.type(screen.getByLabelText('API key'), '0xkey');
    await user.type(screen.getByLabelText('Private key'), '0xsecret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = screen.getByRole('checkbox', {
      name: 'I confirm that my API keys have trading permissions',
    });
    expect(confirm).toHaveAccessibleDescription(
      'Please confirm that your API keys have trading permissions',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a saved key keeps its network', () => {
    render({
      options: { network: 'testnet' },
      networkLockedHint: 'The network of a saved key cannot be changed.',
    });
    expect(screen.getByRole('radio', { name: /Testnet/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Mainnet/ })).toBeDisabled();
  });
});
