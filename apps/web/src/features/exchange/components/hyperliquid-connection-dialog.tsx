import type { ConnectedExchange, ConnectExchangeRequest } from '@tb/core';
import { notify } from '@/components';
import { Dialog } from '@/components/dialog';
import { exchangeMessages } from '../api';
import { writeCurrentExchange } from '../exchange-state';
import { useConnectExchange } from '../hooks/use-exchange-writes';
import { connectionLabel } from '../labels';
import { useCredentialsForm } from '../hooks/use-credentials-form';
import { CredentialsForm } from './credentials-form';
import { PaperAccountOffer } from './paper-account-offer';

export interface HyperliquidConnectionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the new connection (absent if the server did not describe it). */
  onConnected?: (exchange: ConnectedExchange | null) => void;
}

/**
 * The Hyperliquid Connection modal (SPEC.md sections 2 and 5): a one-click paper account, or
 * the user's own keys. The new connection becomes the current one.
 */
export function HyperliquidConnectionDialog({
  open,
  onOpenChange,
  onConnected,
}: HyperliquidConnectionDialogProps) {
  const connect = useConnectExchange(exchangeMessages.saveConnection);
  const form = useCredentialsForm();
  const save = (request: ConnectExchangeRequest) =>
    connect.mutate(request, {
      onSuccess: (result) => {
        if (!result) return; // the premium lock took over
        const exchange = result.exchange ?? null;
        writeCurrentExchange(exchange?.id ?? null);
        notify(
          `Connected to ${exchange ? connectionLabel(exchange) : result.exchangeName}`,
          'success',
        );
        onOpenChange(false);
        onConnected?.(exchange);
      },
    });
  const paperBusy = connect.isPending && connect.variables?.network === 'paper';

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="md"
      title="Hyperliquid Connection"
      description="Connect a Hyperliquid account to see your balance and trade from the dashboard."
    >
      <div className="stack">
        <PaperAccountOffer
          busy={paperBusy}
          disabled={connect.isPending}
          onTry={() => save({ exchangeId: 'hyperliquid', network: 'paper' })}
        />
        <p className="hl-form__divider">or connect your own account</p>
        <CredentialsForm
          form={form}
          label="Connect your own account"
          submitLabel={form.needsKeys ? 'Save connection' : 'Create paper account'}
          busy={connect.isPending && !paperBusy}
          locked={paperBusy}
          onSubmit={save}
        />
      </div>
    </Dialog>
  );
}
