/** Confirmation questions (SPEC.md section 5), word for word. */
export const confirmMessages = {
  deleteTrade: 'Are you sure you want to delete this trade?',
  /** A verified trade cannot be deleted (it is history); it can leave the list. */
  hideTrade:
    'Hide this trade from your list? It stays in your statistics, analytics and the leaderboard.',
  clearHistory: 'Are you sure you want to clear your trade history?',
  closeAll: 'ARE YOU SURE YOU WANT TO CLOSE ALL YOUR POSITIONS AT MARKET PRICE?',
  disconnect: 'Are you sure you want to remove this connection? This action cannot be undone.',
  deleteBoard: 'Are you sure you want to delete this board?',
} as const;

/**
 * Props of every journal price input (SPEC.md section 5, min 0 and placeholder 0.00). The step
 * is 'any', not SPEC's 0.0001: a price keeps the market's own precision (DOGE 0.19325, a coin
 * at 0.012345), and a browser refuses to submit a value off the step (issue 26).
 */
export const PRICE_INPUT = { step: 'any', min: 0, placeholder: '0.00' } as const;
