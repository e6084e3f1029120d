/** SPEC.md section 8 timings of the auth dialogs. */
export const authTimings = {
  registeredRedirectMs: 2_000,
  emailTakenCloseMs: 3_000,
  emailTakenLoginMs: 3_500,
  resetLinkCloseMs: 3_000,
} as const;
