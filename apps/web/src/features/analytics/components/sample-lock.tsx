import type { AnalyticsResponse } from '@tb/core';
import { useRef, useState } from 'react';
import { Badge, Button } from '@/components';
import { PremiumLock } from '@/components/premium-lock';
import { FiltersBar } from '../filters/filters-bar';
import { AnalyticsReport } from './analytics-report';

export const sampleLockTexts = {
  badge: 'Sample data',
  message:
    'Analytics is only available to premium users. The page behind this shows sample data, not your trades.',
  note: 'What you see is a sample journal, not your trades. Premium shows your own: what each bingo cell is worth, your tiers, your curve.',
  unlock: 'Unlock your analytics',
} as const;

/**
 * What a free trader sees: the page filled with the sample report, blurred and out of reach
 * (aria-hidden, inert), under the premium lock. Nothing here asks the server for analytics.
 */
export function SampleLock({
  report,
  timeZone,
  today,
}: {
  report: AnalyticsResponse;
  timeZone: string;
  today: string;
}) {
  const [lockOpen, setLockOpen] = useState(true);
  const banner = useRef<HTMLDivElement>(null);
  // The lock opened by itself, with no button to return to: focus goes to "Unlock".
  const focusUnlock = (event: Event) => {
    event.preventDefault();
    banner.current?.querySelector('button')?.focus();
  };
  const ignore = () => {};
  return (
    <div className="an-locked">
      <div
        ref={banner}
        className="an-locked__banner"
        role="note"
        aria-label={sampleLockTexts.badge}
      >
        <Badge tone="accent">{sampleLockTexts.badge}</Badge>
        <p className="an-locked__text">{sampleLockTexts.note}</p>
        <Button onClick={() => setLockOpen(true)}>{sampleLockTexts.unlock}</Button>
      </div>
      <div className="an-locked__stage">
        <div className="an-locked__sample" aria-hidden="true" inert>
          <FiltersBar filters={{}} change={ignore} options={report.options} timeZone={timeZone} />
          <AnalyticsReport report={report} filters={{}} change={ignore} today={today} readOnly />
        </div>
        <div className="an-locked__overlay" aria-hidden="true">
          <span className="an-locked__watermark">{sampleLockTexts.badge}</span>
        </div>
      </div>
      <PremiumLock
        open={lockOpen}
        onOpenChange={setLockOpen}
        message={sampleLockTexts.message}
        // The page (its title, the note above) stays readable under the lock.
        modal={false}
        onCloseAutoFocus={focusUnlock}
      />
    </div>
  );
}
