import { useMutation } from '@tanstack/react-query';
import { EmailOnlyRequestSchema } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@/components';
import { errorMessage } from '@/lib/api-error';
import { fieldErrors, type FieldErrors } from '@/lib/form-errors';
import { passwordResetRequestMutationOptions } from '../api';

const SENT = 'Password reset link has been sent to your email';

export function ForgotPasswordForm({
  onSent,
  onLogin,
}: {
  onSent: () => void;
  onLogin: () => void;
}) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const request = useMutation({ ...passwordResetRequestMutationOptions(), onSuccess: onSent });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = EmailOnlyRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    request.mutate(parsed.data);
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p className="auth-form__intro">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      {request.isError ? (
        <Alert tone="error">{errorMessage(request.error, 'Failed to send reset link')}</Alert>
      ) : null}
      {request.isSuccess ? <Alert tone="success">{request.data.message || SENT}</Alert> : null}
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
      <Button type="submit" busy={request.isPending} disabled={request.isSuccess}>
        {request.isPending ? 'Sending...' : 'Send'}
      </Button>
      <p className="auth-form__switch">
        Remembered it?{' '}
        <Button variant="ghost" className="button--link" onClick={onLogin}>
          Back to login
        </Button>
      </p>
    </form>
  );
}
