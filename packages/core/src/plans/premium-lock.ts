/** Texts of the premium lock dialog (SPEC.md section 2). */
export const premiumLockTexts = {
  title: 'Premium Feature',
  defaultMessage: 'This feature is only available to premium users',
  /** Variant shown when a free user tries a second board or a custom board name. */
  boardsMessage: 'Upgrade to Premium to access multiple Bingo pages and custom page names',
  button: 'Upgrade to Premium',
  /** Where the button leads (DESIGN.md: /payment; /premium redirects there). */
  href: '/payment',
} as const;
