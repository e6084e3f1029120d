import { useQuery } from '@tanstack/react-query';
import { confirmMessages, type ApiKeyListItem } from '@tb/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, QueryStatus } from '@/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  apiKeysQueryOptions,
  exchangeMessages,
  useDeleteApiKey,
  useSaveApiKey,
} from '@/features/exchange';
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

  const list = (saved: ApiKeyListItem[]) =>
    form.mode !== 'closed' ? (
      <ApiKeyForm
        key={editing?.id ?? 'new'}
        editing={editing}
        busy={save.isPending}
        onSave={(request) => save.mutate({ id: editing?.id ?? null, body: request })}
        onCancel={() => setForm({ mode: 'closed' })}
      />
    ) : (
      <div className="stack">
        {saved.length === 0 ? (
          <p className="profile-card__empty">You haven&apos;t added any API keys yet.</p>
        ) : (
          <ApiKeyList
            keys={saved}
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

  return (
    <Card as="section" className="profile-card api-keys" labelledBy="exchange-api-keys-card-title">
      <h2 id="exchange-api-keys-card-title" className="profile-card__title">
        Exchange API keys
      </h2>
      <QueryStatus query={keys} loading="Loading API keys..." error={exchangeMessages.fetchKeys}>
        {list}
      </QueryStatus>
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
