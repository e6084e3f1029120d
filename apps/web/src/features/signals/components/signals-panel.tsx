import { useQuery } from '@tanstack/react-query';
import { Card, QueryStatus } from '@/components';
import { signalSettingsQueryOptions, signalsMessages } from '../api';
import { useSignalActions } from '../hooks/use-signal-actions';
import { SignalsForm } from './signals-form';
import './signals.css';

/** Discord signals: where orders, cancels and positions are posted, and a test send. */
export function SignalsPanel() {
  const query = useQuery(signalSettingsQueryOptions());
  const actions = useSignalActions();

  return (
    <Card as="section" className="signals-panel">
      <h2 className="signals-panel__title">Discord signals</h2>
      <p className="signals-panel__lead">
        Post your orders, cancels and positions to a Discord channel through its webhook.
      </p>
      <QueryStatus query={query} loading="Loading signal settings..." error={signalsMessages.load}>
        {(settings) => <SignalsForm settings={settings} actions={actions} />}
      </QueryStatus>
      {actions.lastTest ? (
        <div className="signals-panel__result">
          <h3 className="signals-panel__subtitle">Last test</h3>
          <p>{actions.lastTest.message}</p>
          {actions.lastTest.notes.length > 0 ? (
            <ul>
              {actions.lastTest.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
