import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@tb/core';
import { Card, QueryStatus } from '@/components';
import { AUDIT_LOG_LIMIT, auditLogQueryOptions } from '../api';
import { describeAuditAction, describeAuditDetails } from './audit-words';
import { formatDateTime } from './format';

/** The latest admin and account changes, newest first. */
export function AuditLogCard() {
  const log = useQuery(auditLogQueryOptions());

  return (
    <Card as="section" className="admin-card">
      <div className="admin-card__header">
        <h2 className="admin-card__title">Audit log</h2>
        <p className="admin-muted">The latest {AUDIT_LOG_LIMIT} changes, newest first.</p>
      </div>
      <QueryStatus
        query={log}
        loading="Loading audit log..."
        error="Failed to load the audit log"
        isEmpty={(data) => data.entries.length === 0}
        empty={<p className="admin-state admin-muted">No changes recorded yet</p>}
      >
        {(data) => <AuditTable entries={data.entries} />}
      </QueryStatus>
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
