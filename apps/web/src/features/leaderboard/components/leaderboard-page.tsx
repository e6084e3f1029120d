import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, Page, Spinner } from '@/components';
import { useSession } from '@/lib/use-session';
import { leaderboardQueryOptions } from '../api';
import { useLeaderboardSort } from '../hooks/use-leaderboard-sort';
import { LeaderboardTable } from './leaderboard-table';
import { LeaderboardEmpty, LeaderboardError, LeaderboardNotes } from './leaderboard-states';
import { SortButtons } from './sort-buttons';
import './leaderboard.css';

export function LeaderboardPage() {
  const [sort, setSort] = useLeaderboardSort();
  const board = useQuery(leaderboardQueryOptions(sort));
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
    content = <LeaderboardEmpty signedIn={username !== null} />;
  } else {
    content = (
      <LeaderboardTable
        rows={board.data}
        sort={sort}
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
        <SortButtons value={sort} onChange={setSort} />
        {content}
      </Card>
      <LeaderboardNotes />
    </Page>
  );
}
