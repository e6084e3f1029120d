import { useId } from 'react';
import { BadgeCheck } from 'lucide-react';
import { Badge, Button } from '@/components';

export const verifiedTexts = {
  groupLabel: 'Results',
  verified: 'Verified',
  selfReported: 'Self-reported',
  verifiedHint: "Trades closed by Hyperliquid's own fills: what the exchange recorded.",
  selfReportedHint: 'Trades closed by hand in the journal: not checked against any exchange.',
  badge: 'Verified',
  badgeTitle: 'Verified: results closed by exchange fills',
} as const;

/**
 * Which results the ranking counts: verified ones (the default) or the self-reported ones,
 * apart (two toggles, aria-pressed), with a sentence saying what the shown view counts.
 */
export function ResultsView({
  verified,
  onChange,
}: {
  verified: boolean;
  onChange: (verified: boolean) => void;
}) {
  const hint = useId();
  const label = useId();
  return (
    <div className="lb-view">
      <div
        className="lb-view__buttons"
        role="group"
        aria-labelledby={label}
        aria-describedby={hint}
      >
        <span className="lb-sort__label" id={label}>
          {verifiedTexts.groupLabel}
        </span>
        <Button
          variant={verified ? 'primary' : 'secondary'}
          aria-pressed={verified}
          onClick={() => onChange(true)}
        >
          <BadgeCheck size={14} aria-hidden="true" />
          {verifiedTexts.verified}
        </Button>
        <Button
          variant={verified ? 'secondary' : 'primary'}
          aria-pressed={!verified}
          onClick={() => onChange(false)}
        >
          {verifiedTexts.selfReported}
        </Button>
      </div>
      <span className="lb-view__hint" id={hint}>
        {verified ? verifiedTexts.verifiedHint : verifiedTexts.selfReportedHint}
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
