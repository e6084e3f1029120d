import { ComingSoon, Page } from '@/components';

export function LeaderboardPage() {
  return (
    <Page title="Leaderboard" lead="How disciplined traders compare.">
      <ComingSoon heading="Rankings are on their way">
        <p>
          Traders ranked by number of trades, win rate, gain and average risk/reward, with sorting
          on each column.
        </p>
      </ComingSoon>
    </Page>
  );
}
