/**
 * User-facing validation messages of SPEC.md section 5, word for word. Client and server show
 * the same text because both validate with the schemas built from these.
 */
export const authMessages = {
  usernameRequired: 'Username is required',
  usernameLength: 'Username must be 3 to 30 characters long',
  usernameChars: 'Username may contain only letters, numbers, dots, dashes and underscores',
  passwordRequired: 'Password is required',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'This email is already registered',
  usernameTaken: 'This username is already taken',
  emailCheckFailed: 'Error checking email availability',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordUnder8:
    'Password must be at least 8 characters long: shorter ones are guessed in minutes',
  passwordOneCharacter:
    'Password cannot be one character repeated: it is among the first ones guessed',
  passwordCommon:
    'This password is among the most common ones, which attackers try first. Choose another.',
  passwordIsName: 'Password cannot be your username or email address',
  stepUpCodeInvalid: 'Enter the 6-digit code from the mail',
  passwordsMismatch: 'Passwords do not match',
  invalidResetToken: 'Invalid reset token',
  invalidVerificationLink: 'Invalid verification link.',
} as const;

/**
 * SPEC.md section 9's minimum password length: shorter ones get its message word for word.
 * Issue 29 raised the bar to {@link PASSWORD_GOOD_LENGTH}, with a message of its own.
 */
export const PASSWORD_MIN_LENGTH = 6;
/** The length a new password needs (issue 29; the NIST SP 800-63B floor). */
export const PASSWORD_GOOD_LENGTH = 8;
/** Device tokens a browser keeps and sends with a sign-in (one per account signed in there). */
export const MAX_DEVICE_TOKENS = 5;
/** Upper bound so a hash request cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 128;

/** SPEC.md section 5: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
