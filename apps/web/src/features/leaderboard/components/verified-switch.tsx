import { useId } from 'react';
import { BadgeCheck } from 'lucide-react';
import { Badge } from '@/components';

export const verifiedTexts = {
  switchLabel: 'Verified only',
  switchHint: 'Count only trades closed by Hyperliquid fills.',
  badge: 'Verified',
  badgeTitle: 'Verified: results closed by exchange fills',
} as const;

/** The "Verified only" filter: a switch (checkbox role=switch), with what it counts. */
export function VerifiedSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
}) {
  const hint = useId();
  return (
    <div className="lb-verified-switch">
      <label className="lb-verified-switch__label">
        <input
          type="checkbox"
          role="switch"
          className="lb-verified-switch__input"
          checked={checked}
          aria-describedby={hint}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="lb-verified-switch__track" aria-hidden="true" />
        {verifiedTexts.switchLabel}
      </label>
      <span className="lb-verified-switch__hint" id={hint}>
        {verifiedTexts.switchHint}
      </span>
    </div>
  );
}

/**
 * The row's results all closed by exchange fills. The title is the tooltip; screen readers
 * read the same sentence (the badge word alone would not say what it means).
 */
export function VerifiedBadge() {
  return (
    <span className="lb-verified" title={verifiedTexts.badgeTitle}>
      <Badge tone="long">
        <BadgeCheck size={12} aria-hidden="true" />
        <span aria-hidden="true">{verifiedTexts.badge}</span>
        <span className="visually-hidden">{verifiedTexts.badgeTitle}</span>
      </Badge>
    </span>
  );
}
