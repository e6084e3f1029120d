import type { ConnectExchangeRequest } from '@tb/core';
import { Button } from '@/components';
import { CredentialsForm, PaperAccountOffer, type CredentialsFormState } from '@/features/exchange';

const NETWORKS = ['mainnet', 'testnet'] as const;

export interface ApiKeysStepProps {
  form: CredentialsFormState;
  onConnect: (request: ConnectExchangeRequest) => void;
  onBack: () => void;
  /** The network of the request on its way, if any. */
  pending: ConnectExchangeRequest['network'] | null;
}

/** Step 2: the one-click paper account, or the user's own API keys. */
export function ApiKeysStep({ form, onConnect, onBack, pending }: ApiKeysStepProps) {
  return (
    <div className="stack">
      <PaperAccountOffer
        busy={pending === 'paper'}
        disabled={pending !== null}
        onTry={() => onConnect({ exchangeId: 'hyperliquid', network: 'paper' })}
      />
      <p className="hl-form__divider">or connect your own account</p>
      <CredentialsForm
        form={form}
        label="Connect with API keys"
        submitLabel="Connect"
        networks={NETWORKS}
        onSubmit={onConnect}
        busy={pending !== null && pending !== 'paper'}
        locked={pending === 'paper'}
      />
      <div>
        <Button variant="ghost" onClick={onBack} disabled={pending !== null}>
          Back
        </Button>
      </div>
    </div>
  );
}
