export { LeaderboardPage } from './components/leaderboard-page';
export { leaderboardKeys } from './api';
