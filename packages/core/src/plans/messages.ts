/** Texts of subscriptions, the payment page and the admin panel (SPEC.md section 8 first). */
export const subscriptionMessages = {
  loadUserFailed: 'Failed to load user information',
  loadFailed: 'Failed to load subscription information',
  cancelFailed: 'Failed to cancel subscription',
  cancelled: 'Subscription cancelled successfully',
  cancelConfirm:
    'Cancel your subscription? You keep premium access until the end of the period you paid for.',
  nothingToCancel: 'You have no active subscription to cancel',
  freeTrialStarted: 'Your free 3-day premium plan is active. Enjoy!',
  freeTrialFailed: 'Failed to start the free plan',
  alreadyPremium: 'You already have premium access',
  /** `date` as the product writes a day (formatDate: '19 Feb 2026'), in the user's zone. */
  freeTrialTooSoon: (date: string) =>
    `The free plan can be claimed once a month. You can claim it again on ${date}.`,
  paymentNotConfigured:
    'Crypto payment is not set up on this installation yet, so this plan cannot be bought here. An administrator can activate it for your account from the admin panel.',
} as const;

export const adminMessages = {
  userNotFound: 'User not found',
  noSubscription: 'This user has no subscription yet: add a plan first',
  ownAdminStatus: 'You cannot remove your own admin status. Ask another admin to do it.',
  ownAccountDelete: 'You cannot delete your own account from the admin panel',
  alreadyVerified: 'This email address is already verified',
  /** `email` of the user the mail went to. */
  verificationSent: (email: string) => `Verification email sent to ${email}`,
  deleteConfirm: (username: string) =>
    `Delete ${username}? Their boards, trades, keys and subscription are removed. This cannot be undone.`,
} as const;

export const accountMessages = {
  passwordChanged: 'Password changed. Other sessions were signed out.',
  wrongCurrentPassword: 'Current password is incorrect',
  leaderboardLeft: 'You left the leaderboard',
  leaderboardJoined: 'You are on the leaderboard again',
  leaderboardFailed: 'Failed to load leaderboard data. Please try again later.',
} as const;
