import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import './alert.css';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

export interface AlertProps {
  tone?: AlertTone;
  children: ReactNode;
  /** A banner spans the page width above its content. */
  banner?: boolean;
  onDismiss?: () => void;
}

/** A message in the flow of the page; errors are announced at once (role=alert). */
export function Alert({ tone = 'info', children, banner = false, onDismiss }: AlertProps) {
  const className = ['alert', `alert--${tone}`, banner ? 'alert--banner' : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="alert__text">{children}</div>
      {onDismiss ? (
        <button type="button" className="alert__dismiss" onClick={onDismiss} aria-label="Dismiss">
          <X size={16} aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
