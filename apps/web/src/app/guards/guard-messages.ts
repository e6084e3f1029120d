/** SPEC.md section 2, word for word. */
export const guardMessages = {
  signInRequired: 'Please log in to access this page',
  adminSignInRequired: 'Please log in to access the admin panel',
  notAdmin: 'Access denied. Only administrators can access this page.',
  authError: 'Authentication error. Please try logging in again.',
} as const;

/** Home with its error banner showing `message`. */
export function homeWithError(message: string): string {
  return `/?${new URLSearchParams({ error: message }).toString()}`;
}
