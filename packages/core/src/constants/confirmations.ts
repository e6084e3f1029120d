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

/** Props of every price input (SPEC.md section 5). */
export const PRICE_INPUT = { step: 0.0001, min: 0, placeholder: '0.00' } as const;
