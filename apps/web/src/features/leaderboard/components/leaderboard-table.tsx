import { riskRewardClass, type LeaderboardQuery, type LeaderboardSortKey } from '@tb/core';
import { Badge } from '@/components';
import { formatPercent, formatSignedR, formatSignedUsd } from '@/lib/format';
import type { LeaderboardEntry } from '../api';
import { directionWords, sortLabels } from '../hooks/leaderboard-sort';
import { VerifiedBadge } from './verified-switch';

interface Column {
  label: string;
  /** What the header means, where its word alone does not say it. */
  title?: string;
  sort?: LeaderboardSortKey;
  numeric?: boolean;
}

const COLUMNS: readonly Column[] = [
  { label: 'Rank', numeric: true },
  { label: 'Trader' },
  { label: 'Trades', sort: 'trades', numeric: true },
  { label: 'Winrate', sort: 'winrate', numeric: true },
  { label: 'Gain', sort: 'gain', numeric: true },
  {
    label: 'Avg R',
    title: 'Realised R per trade: what each trade made per dollar risked, not its planned R/R',
    sort: 'rr',
    numeric: true,
  },
];

function gainTone(gainUsd: number): 'long' | 'short' | 'flat' {
  if (gainUsd > 0) return 'long';
  return gainUsd < 0 ? 'short' : 'flat';
}

export interface LeaderboardTableProps {
  rows: readonly LeaderboardEntry[];
  sort: LeaderboardQuery;
  /** Only verified results are counted (the caption says so). */
  verifiedOnly?: boolean;
  /** Username of the signed-in trader, whose row is highlighted. */
  currentUsername: string | null;
  /** True while another sort loads and these are the previous rows. */
  updating: boolean;
}

/** The ranking; rank and trader stay in view on wide screens, phones show each row as a card. */
export function LeaderboardTable({
  rows,
  sort,
  verifiedOnly = false,
  currentUsername,
  updating,
}: LeaderboardTableProps) {
  const ariaSort = sort.direction === 'desc' ? 'descending' : 'ascending';
  return (
    <div
      className="table-scroll"
      role="region"
      aria-labelledby="lb-caption"
      tabIndex={0}
      aria-busy={updating || undefined}
    >
      <table
        className={`data-table data-table--nowrap data-table--stack lb-table${updating ? ' data-table--updating' : ''}`}
      >
        <caption id="lb-caption" className="lb-table__caption">
          Traders ranked by {sortLabels[sort.sort].toLowerCase()}, {directionWords(sort.direction)}
          {verifiedOnly ? ', verified results only' : ', self-reported results only'}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.numeric ? 'num' : undefined}
                aria-sort={column.sort && column.sort === sort.sort ? ariaSort : undefined}
                title={column.title}
              >
                {column.label}
                {column.title ? <span className="visually-hidden"> ({column.title})</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <LeaderboardRow key={row.id} row={row} isMe={row.username === currentUsername} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeaderboardRow({ row, isMe }: { row: LeaderboardEntry; isMe: boolean }) {
  return (
    <tr className={isMe ? 'lb-row lb-row--me' : 'lb-row'} aria-current={isMe ? 'true' : undefined}>
      <td className={row.rank <= 3 ? 'num lb-rank lb-rank--top' : 'num lb-rank'}>{row.rank}</td>
      <th scope="row" className="lb-trader">
        <span className="lb-trader__name">{row.username}</span>
        {row.verified ? <VerifiedBadge /> : null}
        {row.isPremium ? <Badge tone="accent">Premium</Badge> : null}
        {isMe ? <Badge tone="info">You</Badge> : null}
      </th>
      {/* data-label names the value where phones show rows as cards (leaderboard.css). */}
      <td className="num" data-label="Trades">
        {row.totalTrades}
      </td>
      <td className="num" data-label="Winrate">
        {formatPercent(row.winrate)}
      </td>
      <td className={`num lb-gain lb-gain--${gainTone(row.totalGain)}`} data-label="Gain">
        {formatSignedUsd(row.totalGain)}
      </td>
      <td className={`num lb-rr lb-rr--${riskRewardClass(row.avgR)}`} data-label="Avg R">
        {formatSignedR(row.avgR)}
      </td>
    </tr>
  );
}
