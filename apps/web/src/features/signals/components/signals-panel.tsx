import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Spinner } from '@/components';
import { errorMessage } from '@/lib/api-error';
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
      {query.isPending ? <Spinner label="Loading signal settings..." /> : null}
      {query.isError ? (
        <Alert tone="error">
          <p>{errorMessage(query.error, signalsMessages.load)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {query.data ? <SignalsForm settings={query.data} actions={actions} /> : null}
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
