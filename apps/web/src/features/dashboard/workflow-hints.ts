/** The four workflow hints of the dashboard (SPEC.md section 2), by workflow number. */
export const WORKFLOW_HINTS: Readonly<Record<number, string>> = {
  1: 'Check the trading pair and write down your trade idea.',
  2: 'Assign points to your good practices and tick the bingo cells you met.',
  3: 'More points mean more risk allowance.',
  4: 'Enter the stoploss first, then the entry: a target is proposed for you.',
};
