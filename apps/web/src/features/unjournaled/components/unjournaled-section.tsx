import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Badge, Button, QueryStatus } from '@/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { usePriceFormat } from '@/features/exchange';
import { useTradingTimeZone } from '@/features/journal';
import { tripTime, unjournaledQueryOptions, unjournaledTexts, type UnjournaledTrip } from '../api';
import { useDismissTrip } from '../hooks/use-unjournaled-actions';
import { formatSignedUsd, formatSize, formatStamp, formatUsdCents, trend } from '@/lib/format';
import { tripName } from '../lib/trip-name';
import { AttachTripDialog } from './attach-trip-dialog';
import { ImportTripDialog } from './import-trip-dialog';
import './unjournaled.css';

const HEADERS = [
  'Pair',
  'Side',
  'Size',
  'Entry',
  'Exit',
  'Fees',
  'P/L',
  'Opened',
  'Closed',
  'Actions',
] as const;
const NUMERIC = new Set<string>(['Size', 'Entry', 'Exit', 'Fees', 'P/L']);

type Opened = { kind: 'import' | 'attach' | 'dismiss'; trip: UnjournaledTrip } | null;

/**
 * Unjournaled trades (DESIGN.md section 9): round trips on the connected account that no
 * journal trade explains. A closed one can be imported as a verified trade, attached to an
 * open journal trade placed by hand, or dismissed.
 */
export function UnjournaledSection({ connectionId }: { connectionId: string | null }) {
  const query = useQuery(unjournaledQueryOptions(connectionId));
  const timeZone = useTradingTimeZone();
  const dismiss = useDismissTrip();
  const [opened, setOpened] = useState<Opened>(null);
  const close = () => setOpened(null);
  // Where focus goes back when a dialog closes: the row's button, or the heading when the
  // row is gone (imported, attached, dismissed). Radix has no trigger of ours to return to.
  const returnTo = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const target = returnTo.current;
    if (opened !== null || !target) return;
    returnTo.current = null;
    // After Radix's own focus move on unmount (queued when the dialog's content left).
    const timer = setTimeout(() => (target.isConnected ? target : heading.current)?.focus());
    return () => clearTimeout(timer);
  }, [opened]);

  return (
    <section className="unjournaled" aria-labelledby="unjournaled-title">
      <header className="table-bar">
        <h2 id="unjournaled-title" className="unjournaled__title" ref={heading} tabIndex={-1}>
          {unjournaledTexts.title}
        </h2>
      </header>
      <p className="unjournaled__intro">{unjournaledTexts.intro}</p>
      <QueryStatus
        query={query}
        loading="Loading unjournaled trades..."
        error={unjournaledTexts.loadFailed}
        isEmpty={(trips) => trips.length === 0}
        empty={<p className="unjournaled__empty">{unjournaledTexts.empty}</p>}
      >
        {(data) => (
          // A group, not a second region of the same name; focusable to scroll it sideways.
          <div
            className="table-scroll"
            role="group"
            aria-labelledby="unjournaled-caption"
            tabIndex={0}
          >
            <table className="data-table data-table--nowrap data-table--stack data-table--sticky-first unjournaled__table">
              <caption id="unjournaled-caption" className="visually-hidden">
                {unjournaledTexts.title}
              </caption>
              <thead>
                <tr>
                  {HEADERS.map((header) => (
                    <th
                      key={header}
                      scope="col"
                      className={NUMERIC.has(header) ? 'num' : undefined}
                    >
                      {header === 'Actions' ? (
                        <span className="visually-hidden">{header}</span>
                      ) : (
                        header
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.map((trip) => (
                  <TripRow
                    key={trip.id}
                    trip={trip}
                    timeZone={timeZone}
                    dismissing={dismiss.isPending && dismiss.variables[0] === trip.tids[0]}
                    onAction={(kind, button) => {
                      returnTo.current = button;
                      setOpened({ kind, trip });
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStatus>
      {opened?.kind === 'import' ? <ImportTripDialog trip={opened.trip} onClose={close} /> : null}
      {opened?.kind === 'attach' ? <AttachTripDialog trip={opened.trip} onClose={close} /> : null}
      <ConfirmDialog
        open={opened?.kind === 'dismiss'}
        onOpenChange={(open) => (open ? undefined : close())}
        title="Dismiss this trade?"
        message="Its fills leave this list and stay out of your journal and statistics."
        confirmLabel="Dismiss"
        onConfirm={() => {
          if (opened) dismiss.mutate(opened.trip.tids);
          close();
        }}
      />
    </section>
  );
}

function TimeValue({ value, timeZone }: { value: number | string | null; timeZone: string }) {
  const ms = tripTime(value);
  const parts = ms === null ? null : formatStamp(ms, timeZone);
  if (!parts) return <>—</>;
  return (
    <time className="unjournaled__time" dateTime={parts.iso}>
      <span>{parts.date}</span> <span>{parts.time}</span>
    </time>
  );
}

interface TripRowProps {
  trip: UnjournaledTrip;
  timeZone: string;
  dismissing: boolean;
  onAction: (kind: 'import' | 'attach' | 'dismiss', button: HTMLElement) => void;
}

function TripRow({ trip, timeZone, dismissing, onAction }: TripRowProps) {
  const name = tripName(trip);
  const openedAt = tripTime(trip.openedAt);
  const when = openedAt === null ? '' : formatStamp(openedAt, timeZone);
  const label = when ? `${name} opened ${when.date} ${when.time}` : name;
  const closed = trip.exitPrice !== null;
  // Entry and exit are volume-weighted: shown at the coin's precision, as the exchange would.
  const price = usePriceFormat();
  return (
    <tr>
      <th scope="row">{trip.pair}</th>
      <td data-label="Side">
        <Badge tone={trip.isLong ? 'long' : 'short'}>{trip.isLong ? 'Long' : 'Short'}</Badge>
      </td>
      <td className="num" data-label="Size">
        {formatSize(trip.size)}
      </td>
      <td className="num" data-label="Entry">
        {price(trip.entryPrice, trip.coin)}
      </td>
      <td className="num" data-label="Exit">
        {trip.exitPrice === null ? (
          <span className="muted">{unjournaledTexts.open}</span>
        ) : (
          price(trip.exitPrice, trip.coin)
        )}
      </td>
      <td className="num" data-label="Fees">
        {formatUsdCents(trip.feesUsd)}
      </td>
      <td className="num" data-label="P/L">
        {trip.pnlUsd === null ? (
          '—'
        ) : (
          <span className={`pnl pnl--${trend(trip.pnlUsd)}`}>{formatSignedUsd(trip.pnlUsd)}</span>
        )}
      </td>
      <td data-label="Opened">
        <TimeValue value={trip.openedAt} timeZone={timeZone} />
      </td>
      <td data-label="Closed">
        <TimeValue value={trip.closedAt} timeZone={timeZone} />
      </td>
      <td className="unjournaled__actions-cell">
        <div className="unjournaled__actions">
          {closed ? (
            <>
              <Button
                variant="secondary"
                className="data-table__action"
                aria-label={`Import ${label}`}
                onClick={(event) => onAction('import', event.currentTarget)}
              >
                Import
              </Button>
              <Button
                variant="secondary"
                className="data-table__action"
                aria-label={`Attach ${label}`}
                onClick={(event) => onAction('attach', event.currentTarget)}
              >
                Attach
              </Button>
            </>
          ) : (
            // Stuck open (a trade placed from the journal shares the coin) or still open: it
            // can only be dismissed until its position returns to 0.
            <span className="muted">Import or attach once closed</span>
          )}
          <Button
            variant="ghost"
            className="data-table__action"
            aria-label={`Dismiss ${label}`}
            busy={dismissing}
            onClick={(event) => onAction('dismiss', event.currentTarget)}
          >
            Dismiss
          </Button>
        </div>
      </td>
    </tr>
  );
}
