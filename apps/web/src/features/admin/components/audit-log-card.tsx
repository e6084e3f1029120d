import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@tb/core';
import type { ReactNode } from 'react';
import { Alert, Button, Card, Spinner } from '@/components';
import { errorMessage } from '@/lib/api-error';
import { AUDIT_LOG_LIMIT, auditLogQueryOptions } from '../api';
import { describeAuditAction, describeAuditDetails } from './audit-words';
import { formatDateTime } from './format';

/** The latest admin and account changes, newest first. */
export function AuditLogCard() {
  const log = useQuery(auditLogQueryOptions());

  let content: ReactNode;
  if (log.isPending) {
    content = <Spinner label="Loading audit log..." />;
  } else if (log.isError) {
    content = (
      <div className="admin-state">
        <Alert tone="error">{errorMessage(log.error, 'Failed to load the audit log')}</Alert>
        <Button variant="secondary" onClick={() => void log.refetch()} busy={log.isFetching}>
          Try again
        </Button>
      </div>
    );
  } else if (log.data.entries.length === 0) {
    content = <p className="admin-state admin-muted">No changes recorded yet</p>;
  } else {
    content = <AuditTable entries={log.data.entries} />;
  }

  return (
    <Card as="section" className="admin-card">
      <div className="admin-card__header">
        <h2 className="admin-card__title">Audit log</h2>
        <p className="admin-muted">The latest {AUDIT_LOG_LIMIT} changes, newest first.</p>
      </div>
      {content}
    </Card>
  );
}

function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <div className="table-scroll" role="region" aria-labelledby="admin-audit-caption" tabIndex={0}>
      <table className="data-table data-table--stack admin-table">
        <caption id="admin-audit-caption" className="visually-hidden">
          Audit log
        </caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Actor</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="admin-table__time" data-label="Time">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td data-label="Actor">
                {entry.actor?.username ?? <span className="muted">System</span>}
              </td>
              <th scope="row" className="admin-table__action-name">
                {describeAuditAction(entry)}
              </th>
              <td data-label="Target">
                {entry.targetLabel ?? entry.targetId ?? <span className="muted">—</span>}
              </td>
              <td data-label="Details">
                <AuditDetails details={entry.details} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditDetails({ details }: { details: AuditEntry['details'] }) {
  const lines = describeAuditDetails(details);
  if (lines.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="admin-details">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
