/** Server-side texts of the auth flows (SPEC.md section 8 where it gives one). */
export const authTexts = {
  registered: 'Registration successful! Please check your email to verify your account.',
  invalidCredentials: 'Invalid username or password',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  /** Sign-ins to one account after repeated wrong passwords (the wait grows up to a minute). */
  tooManyFailedSignIns: (seconds: number) =>
    `Too many failed sign-ins for this account. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  /** A sign-in to an account past its failed sign-ins ceiling from a device it does not know. */
  stepUpRequired:
    'There were many failed sign-ins to this account, so signing in from a new device needs a code too. If the account exists, we mailed a 6-digit code to its email address: enter it with your password.',
  stepUpCodeWrong:
    'That code or password is not right, or the code has expired. Enter the code from the latest mail with your password.',
  verified: 'Email verified successfully! You can now use all features.',
  alreadyVerified: 'Your email is already verified.',
  invalidVerifyLink: 'This verification link is invalid or has expired.',
  resendSent: 'A new verification email has been sent. Please check your inbox.',
  resetSent: 'Password reset link has been sent to your email',
  invalidResetLink: 'This reset link is invalid or has expired.',
  resetDone: 'Password reset successful! Redirecting to login...',
} as const;
