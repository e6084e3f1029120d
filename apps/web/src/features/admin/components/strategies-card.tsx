import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatStrategyMonth, type Strategy } from '@tb/core';
import { useState } from 'react';
import { Badge, Button, Card, QueryStatus } from '@/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  adminStrategiesQueryOptions,
  deleteStrategyMutationOptions,
  strategyKeys,
} from '@/features/strategies';
import { errorMessage } from '@/lib/api-error';
import { adminKeys } from '../api';
import { formatDateTime } from './format';
import { PublishDialog } from './strategy-publish-dialog';
import { StrategyEditor } from './strategy-editor';
import './strategies-admin.css';

type Editing = { strategy: Strategy | null } | null;

/**
 * The monthly strategy (DESIGN.md section 15): every strategy (title, state, month, updated),
 * a new one or an edit in the editor, publishing for a month, deleting a draft.
 */
export function StrategiesCard() {
  const client = useQueryClient();
  const list = useQuery(adminStrategiesQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [publishing, setPublishing] = useState<Strategy | null>(null);
  const [deleting, setDeleting] = useState<Strategy | null>(null);
  const remove = useMutation({
    ...deleteStrategyMutationOptions(),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: strategyKeys.all });
      void client.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const publishedMonths = (list.data ?? []).flatMap((s) =>
    s.state === 'published' && s.month ? [s.month] : [],
  );

  return (
    <section id="strategies" aria-labelledby="admin-strategies">
      <Card className="admin-card">
        <div className="admin-card__header">
          <div>
            <h2 id="admin-strategies" className="admin-card__title">
              Strategies
            </h2>
            <p className="admin-muted">
              The monthly strategy: write a text and a 25-cell board, publish it for a month.
            </p>
          </div>
          {editing ? null : (
            <Button onClick={() => setEditing({ strategy: null })}>New strategy</Button>
          )}
        </div>
        {editing ? (
          <StrategyEditor
            key={editing.strategy?.id ?? 'new'}
            strategy={editing.strategy}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
        {remove.isError ? (
          <p role="alert" className="strategies-admin__error">
            {errorMessage(remove.error, 'The draft could not be deleted')}
          </p>
        ) : null}
        <QueryStatus
          query={list}
          loading="Loading strategies..."
          error="Failed to load the strategies"
          isEmpty={(data) => data.length === 0}
          empty={<p className="admin-state admin-muted">No strategy yet: write the first one.</p>}
        >
          {(data) => (
            <div
              className="table-scroll"
              role="region"
              aria-labelledby="admin-strategies-caption"
              tabIndex={0}
            >
              <table className="data-table data-table--stack admin-table">
                <caption id="admin-strategies-caption" className="visually-hidden">
                  Strategies, newest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">State</th>
                    <th scope="col">Month</th>
                    <th scope="col">Updated</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((strategy) => (
                    <tr key={strategy.id}>
                      <th scope="row" className="strategies-admin__title">
                        {strategy.title}
                      </th>
                      <td data-label="State">
                        {strategy.state === 'published' ? (
                          <Badge tone="long">Published</Badge>
                        ) : (
                          <Badge tone="neutral">Draft</Badge>
                        )}
                      </td>
                      <td data-label="Month">
                        {strategy.month ? (
                          formatStrategyMonth(strategy.month)
                        ) : (
                          <span className="muted">—</span>
                        )}
                      </td>
                      <td className="admin-table__time" data-label="Updated">
                        <time dateTime={strategy.updatedAt}>
                          {formatDateTime(strategy.updatedAt)}
                        </time>
                      </td>
                      <td data-label="Actions">
                        <div className="strategies-admin__actions">
                          <Button
                            variant="secondary"
                            aria-label={`Edit ${strategy.title}`}
                            onClick={() => setEditing({ strategy })}
                          >
                            Edit
                          </Button>
                          {strategy.state === 'draft' ? (
                            <>
                              <Button
                                aria-label={`Publish ${strategy.title}`}
                                onClick={() => setPublishing(strategy)}
                              >
                                Publish
                              </Button>
                              <Button
                                variant="danger"
                                aria-label={`Delete ${strategy.title}`}
                                onClick={() => setDeleting(strategy)}
                              >
                                Delete
                              </Button>
                            </>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryStatus>
      </Card>
      {publishing ? (
        <PublishDialog
          strategy={publishing}
          publishedMonths={publishedMonths}
          onClose={() => setPublishing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete the draft"
        message={deleting ? `Delete the draft "${deleting.title}"? This cannot be undone.` : ''}
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </section>
  );
}
