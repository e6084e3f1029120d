import { useQuery } from '@tanstack/react-query';
import { confirmMessages, type ApiKeyListItem } from '@tb/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Spinner } from '@/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { apiKeysQueryOptions, useDeleteApiKey, useSaveApiKey } from '@/features/exchange';
import { ApiKeyForm } from './api-key-form';
import { ApiKeyList } from './api-key-list';
import './api-keys.css';

/** The form is closed, open for a new key, or open for one of the saved keys. */
type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; key: ApiKeyListItem };

/**
 * The exchange connector of the profile (SPEC.md section 4): loading, not connected, form
 * (add or edit), connected, and the delete confirmation.
 */
export function ApiKeyManager() {
  const keys = useQuery(apiKeysQueryOptions());
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [confirming, setConfirming] = useState<ApiKeyListItem | null>(null);
  const save = useSaveApiKey(() => setForm({ mode: 'closed' }));
  const remove = useDeleteApiKey();
  const editing = form.mode === 'edit' ? form.key : null;

  let body;
  if (keys.isPending) {
    body = <Spinner label="Loading API keys..." />;
  } else if (keys.isError) {
    body = (
      <div className="stack">
        <Alert tone="error">Failed to fetch API keys</Alert>
        <div>
          <Button variant="secondary" onClick={() => void keys.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else if (form.mode !== 'closed') {
    body = (
      <ApiKeyForm
        key={editing?.id ?? 'new'}
        editing={editing}
        busy={save.isPending}
        onSave={(request) => save.mutate({ id: editing?.id ?? null, body: request })}
        onCancel={() => setForm({ mode: 'closed' })}
      />
    );
  } else {
    body = (
      <div className="stack">
        {keys.data.length === 0 ? (
          <p className="profile-card__empty">You haven&apos;t added any API keys yet.</p>
        ) : (
          <ApiKeyList
            keys={keys.data}
            deletingId={remove.isPending ? (remove.variables ?? null) : null}
            onEdit={(key) => setForm({ mode: 'edit', key })}
            onDelete={setConfirming}
          />
        )}
        <div className="row">
          <Button onClick={() => setForm({ mode: 'add' })}>Add API key</Button>
          <Link to="/exchange-connect" className="api-keys__guide">
            Guided setup
          </Link>
        </div>
      </div>
    );
  }

  return (
    <Card as="section" className="profile-card api-keys" labelledBy="exchange-api-keys-card-title">
      <h2 id="exchange-api-keys-card-title" className="profile-card__title">
        Exchange API keys
      </h2>
      {body}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Remove connection"
        message={confirmMessages.disconnect}
        confirmLabel="Remove"
        onConfirm={() => confirming && remove.mutate(confirming.id)}
      />
    </Card>
  );
}
