import type { ConnectedExchange, ConnectExchangeRequest } from '@tb/core';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Card, Page } from '@/components';
import { ExchangePremiumLock, useConnectExchange, useCredentialsForm } from '@/features/exchange';
import { errorMessage } from '@/lib/api-error';
import { connectFailureReason, type ConnectStep } from '../connect-steps';
import { ApiKeysStep } from './api-keys-step';
import { EnableLiveStep } from './enable-live-step';
import { IntroStep } from './intro-step';
import { ErrorStep, SuccessStep } from './result-steps';
import { StepIndicator } from './step-indicator';
import './exchange-connect.css';

const HEADINGS: Record<ConnectStep, string> = {
  intro: 'Connect your exchange',
  apiKeys: 'Your API keys',
  success: 'Connected',
  error: 'Connection failed',
  enableLiveTrading: 'Enable live trading',
};

/** /exchange-connect?exchangeId=hyperliquid: intro → apiKeys → success | error → live trading. */
export function ExchangeConnectPage() {
  const [params] = useSearchParams();
  const exchangeId = params.get('exchangeId') ?? 'hyperliquid';
  const [step, setStep] = useState<ConnectStep>('intro');
  const [connected, setConnected] = useState<{
    exchange: ConnectedExchange | null;
    name: string;
  }>();
  const [reason, setReason] = useState('');
  const form = useCredentialsForm({ confirmTradingPermissions: true });
  const connect = useConnectExchange();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Each new step is announced by moving focus to its heading (not on first render).
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [step]);

  const submit = (request: ConnectExchangeRequest) =>
    connect.mutate(request, {
      onSuccess: (result) => {
        if (!result) return; // over the plan's limit: the premium lock is open
        setConnected({ exchange: result.exchange ?? null, name: result.exchangeName });
        setStep('success');
      },
      onError: (error) => {
        setReason(connectFailureReason(errorMessage(error, error.message)));
        setStep('error');
      },
    });

  return (
    <Page title="Connect Hyperliquid" lead="Trade from the dashboard with your own account.">
      {exchangeId !== 'hyperliquid' ? (
        <Alert tone="info">Hyperliquid is the only supported exchange.</Alert>
      ) : null}
      <StepIndicator step={step} />
      <Card as="section" className="connect-page__card">
        <h2 ref={headingRef} tabIndex={-1} className="connect-page__heading">
          {HEADINGS[step]}
        </h2>
        {step === 'intro' ? <IntroStep onStart={() => setStep('apiKeys')} /> : null}
        {step === 'apiKeys' ? (
          <ApiKeysStep
            form={form}
            onConnect={submit}
            onBack={() => setStep('intro')}
            pending={connect.isPending ? (connect.variables?.network ?? 'mainnet') : null}
          />
        ) : null}
        {step === 'success' ? (
          <SuccessStep
            connection={connected?.exchange ?? null}
            exchangeName={connected?.name ?? 'Hyperliquid'}
            onContinue={() => setStep('enableLiveTrading')}
          />
        ) : null}
        {step === 'error' ? <ErrorStep reason={reason} onBack={() => setStep('apiKeys')} /> : null}
        {step === 'enableLiveTrading' ? (
          <EnableLiveStep connectionId={connected?.exchange?.id ?? null} />
        ) : null}
      </Card>
      <ExchangePremiumLock />
    </Page>
  );
}
