import { useMutation } from '@tanstack/react-query';
import { authMessages, type RegisterRequest, type SessionResponse } from '@tb/core';
import { checkEmail, register } from '../api';

export type RegisterOutcome =
  | { kind: 'check-failed'; message: string }
  /** `email` prefills the Login form (which takes a username or an email). */
  | { kind: 'email-taken'; message: string; email: string }
  | { kind: 'registered'; message: string; session: SessionResponse };

const REGISTERED = 'Registration successful! Please check your email to verify your account.';

/**
 * SPEC.md section 5: check the email first, then register. Expected outcomes come back as
 * results; only a failed registration throws (its message is shown by the form).
 */
async function registerWithEmailCheck(body: RegisterRequest): Promise<RegisterOutcome> {
  let check;
  try {
    check = await checkEmail({ email: body.email });
  } catch {
    return { kind: 'check-failed', message: authMessages.emailCheckFailed };
  }
  // The check says only whether the address is taken, never by whom (issue 11).
  if (check.exists) {
    return { kind: 'email-taken', message: authMessages.emailTaken, email: body.email };
  }
  const session = await register(body);
  return { kind: 'registered', message: session.message ?? REGISTERED, session };
}

export function useRegister() {
  return useMutation({ mutationFn: registerWithEmailCheck });
}
