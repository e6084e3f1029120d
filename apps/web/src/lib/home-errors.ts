/**
 * What Home's banner may say, by the code in `/?error=` (SPEC.md section 2, word for word).
 * The banner never shows the parameter itself: anyone can write a link to our page, and it
 * must not make the page say what they like.
 */
export const homeErrorMessages = {
  'login-required': 'Please log in to access this page',
  'admin-login-required': 'Please log in to access the admin panel',
  'admin-only': 'Access denied. Only administrators can access this page.',
  'auth-error': 'Authentication error. Please try logging in again.',
} as const;
export type HomeErrorCode = keyof typeof homeErrorMessages;

/** For a code this version does not know (a newer link, or a made-up one). */
export const UNKNOWN_HOME_ERROR = 'Something went wrong. Please try again.';

/** The banner text for the `error` parameter; null when there is none. */
export function homeErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return Object.hasOwn(homeErrorMessages, code)
    ? homeErrorMessages[code as HomeErrorCode]
    : UNKNOWN_HOME_ERROR;
}

/** Home with its error banner for `code`. */
export function homeWithError(code: HomeErrorCode): string {
  return `/?error=${code}`;
}
