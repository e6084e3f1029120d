/**
 * Full page loads. SPEC.md: after sign-in the app goes to /bingo and reloads, so every store
 * starts from the new session. Kept in one module so tests can replace it.
 */
export function hardNavigate(path: string): void {
  window.location.assign(path);
}
