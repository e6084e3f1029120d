import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, Page, Spinner } from '@/components';
import { useSession } from '@/lib/use-session';
import { leaderboardQueryOptions } from '../api';
import { useLeaderboardSort } from '../hooks/use-leaderboard-sort';
import { useVerifiedOnly } from '../hooks/use-verified-only';
import { LeaderboardTable } from './leaderboard-table';
import { LeaderboardEmpty, LeaderboardError, LeaderboardNotes } from './leaderboard-states';
import { SortButtons } from './sort-buttons';
import { VerifiedSwitch } from './verified-switch';
import './leaderboard.css';

export function LeaderboardPage() {
  const [sort, setSort] = useLeaderboardSort();
  const [verified, setVerified] = useVerifiedOnly();
  const board = useQuery(leaderboardQueryOptions({ ...sort, verified }));
  const username = useSession()?.username || null;

  let content: ReactNode;
  if (board.isPending) {
    content = (
      <div className="lb-status">
        <Spinner label="Loading leaderboard..." />
      </div>
    );
  } else if (board.isError) {
    content = <LeaderboardError onRetry={() => void board.refetch()} retrying={board.isFetching} />;
  } else if (board.data.length === 0) {
    content = (
      <LeaderboardEmpty
        signedIn={username !== null}
        verifiedOnly={verified}
        onShowAll={() => setVerified(false)}
      />
    );
  } else {
    content = (
      <LeaderboardTable
        rows={board.data}
        sort={sort}
        verifiedOnly={verified}
        currentUsername={username}
        updating={board.isPlaceholderData}
      />
    );
  }

  return (
    <Page
      title="Leaderboard"
      lead="How disciplined traders compare: closed trades, win rate, gain and average risk/reward."
    >
      <Card className="lb-card">
        <div className="lb-controls">
          <SortButtons value={sort} onChange={setSort} />
          <VerifiedSwitch checked={verified} onChange={setVerified} />
        </div>
        {content}
      </Card>
      <LeaderboardNotes />
    </Page>
  );
}
