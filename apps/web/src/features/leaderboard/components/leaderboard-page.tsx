import { useQuery } from '@tanstack/react-query';
import { accountMessages } from '@tb/core';
import { Card, Page, QueryStatus } from '@/components';
import { useSession } from '@/lib/use-session';
import { leaderboardQueryOptions } from '../api';
import { useLeaderboardSort } from '../hooks/use-leaderboard-sort';
import { useVerifiedOnly } from '../hooks/use-verified-only';
import { LeaderboardTable } from './leaderboard-table';
import { LeaderboardEmpty, LeaderboardNotes } from './leaderboard-states';
import { SortButtons } from './sort-buttons';
import { ResultsView } from './verified-switch';
import './leaderboard.css';

export function LeaderboardPage() {
  const [sort, setSort] = useLeaderboardSort();
  const [verified, setVerified] = useVerifiedOnly();
  const board = useQuery(leaderboardQueryOptions({ ...sort, verified }));
  const username = useSession()?.username || null;

  return (
    <Page
      title="Leaderboard"
      lead="How disciplined traders compare: closed trades, win rate, gain and the R each trade really made."
    >
      <Card className="lb-card">
        <div className="lb-controls">
          <SortButtons value={sort} onChange={setSort} />
          <ResultsView verified={verified} onChange={setVerified} />
        </div>
        <QueryStatus
          query={board}
          loading="Loading leaderboard..."
          error={accountMessages.leaderboardFailed}
          isEmpty={(rows) => rows.length === 0}
          empty={
            <LeaderboardEmpty
              signedIn={username !== null}
              verifiedOnly={verified}
              onShowAll={() => setVerified(false)}
            />
          }
        >
          {(rows) => (
            <LeaderboardTable
              rows={rows}
              sort={sort}
              verifiedOnly={verified}
              currentUsername={username}
              updating={board.isPlaceholderData}
            />
          )}
        </QueryStatus>
      </Card>
      <LeaderboardNotes />
    </Page>
  );
}
