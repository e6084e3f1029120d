import { useMutation } from '@tanstack/react-query';
import { EmailOnlyRequestSchema } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@/components';
import { resendMessages, resendVerificationMutationOptions } from '@/features/auth';
import { fieldErrors, type FieldErrors } from '@/lib/form-errors';

export function ResendVerificationForm() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const resend = useMutation(resendVerificationMutationOptions());

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = EmailOnlyRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    resend.mutate(parsed.data);
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p className="verify-card__hint">Need a new link? Enter the email of your account.</p>
      {resend.isSuccess ? <Alert tone="success">{resendMessages.sent}</Alert> : null}
      {resend.isError ? <Alert tone="error">{resendMessages.failed}</Alert> : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        required
      />
      <div>
        <Button type="submit" busy={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend verification email'}
        </Button>
      </div>
    </form>
  );
}
