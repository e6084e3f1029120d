import type { ApiKeyListItem } from '@tb/core';
import { Badge, Button } from '@/components';
import { NETWORK_LABELS } from '@/features/exchange';
import { useDateTimeFormat } from '@/features/journal';

export interface ApiKeyListProps {
  keys: readonly ApiKeyListItem[];
  onEdit: (key: ApiKeyListItem) => void;
  onDelete: (key: ApiKeyListItem) => void;
  /** The key being deleted, if any. */
  deletingId: string | null;
}

/** What the exchange said of the API wallet's control of the wallet (DESIGN.md section 11). */
const CONTROL_TEXT = {
  wallet: 'Proven: the wallet’s own key',
  agent: 'Proven: an API wallet the wallet approved',
  none: 'Not proven: this API wallet does not act for the wallet, so nothing is placed or verified with it',
  unchecked: 'Checked on first use',
} as const;

/** The saved keys, masked as the server sends them (secrets are never returned). */
export function ApiKeyList({ keys, onEdit, onDelete, deletingId }: ApiKeyListProps) {
  const when = useDateTimeFormat();
  return (
    <ul className="api-keys__list">
      {keys.map((key) => (
        <li key={key.id} className="api-keys__item">
          <div className="api-keys__item-head">
            <span className="api-keys__exchange">Hyperliquid</span>
            <Badge tone={key.network === 'mainnet' ? 'long' : 'info'}>
              {NETWORK_LABELS[key.network]}
            </Badge>
            <Badge tone={key.isActive ? 'accent' : 'neutral'}>
              {key.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </div>
          <dl className="profile-facts api-keys__facts">
            <dt>Wallet Address</dt>
            <dd className="api-keys__mono">{key.maskedWalletAddress ?? '—'}</dd>
            <dt>API Key</dt>
            <dd className="api-keys__mono">{key.maskedApiKey}</dd>
            <dt>Private Key</dt>
            <dd className="api-keys__mono">{key.maskedApiSecret}</dd>
            <dt>Last used</dt>
            <dd>{when.dateTime(key.lastUsed, 'Never')}</dd>
            <dt>Ownership</dt>
            <dd>{CONTROL_TEXT[key.control ?? 'unchecked']}</dd>
          </dl>
          <div className="row">
            <Button
              variant="secondary"
              aria-label={`Edit key ${key.maskedApiKey}`}
              onClick={() => onEdit(key)}
            >
              Edit
            </Button>
            <Button
              variant="danger"
              busy={deletingId === key.id}
              aria-label={`Delete key ${key.maskedApiKey}`}
              onClick={() => onDelete(key)}
            >
              Delete
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
