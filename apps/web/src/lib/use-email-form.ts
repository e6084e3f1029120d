import { EmailOnlyRequestSchema, type EmailOnlyRequest } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { fieldErrors, type FieldErrors } from '@/lib/form-errors';

/**
 * The state of a one-field email form (forgot password, resend verification): the value, its
 * validation message from core's schema, and a submit handler that calls `onValid` only with a
 * valid address.
 */
export function useEmailForm(onValid: (body: EmailOnlyRequest) => void) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = EmailOnlyRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    onValid(parsed.data);
  }

  const field = {
    label: 'Email',
    name: 'email',
    type: 'email',
    autoComplete: 'email',
    value: email,
    onChange: (e: { target: { value: string } }) => setEmail(e.target.value),
    error: errors.email,
    required: true,
  } as const;

  return { field, submit };
}
