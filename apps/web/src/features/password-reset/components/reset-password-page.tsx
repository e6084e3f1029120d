import { useMutation } from '@tanstack/react-query';
import { authMessages, commonPasswordProblem, ResetPasswordFormSchema } from '@tb/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Page, TextField } from '@/components';
import { openAuthDialog } from '@/features/auth';
import { errorMessage } from '@/lib/api-error';
import { fieldErrors, type FieldErrors } from '@/lib/form-errors';
import { resetPasswordMutationOptions } from '../api';
import './reset-password.css';

/** SPEC.md section 4: after success, Home with the login form after 2 s. */
export const RESET_REDIRECT_MS = 2_000;
const SUCCESS = 'Password reset successful! Redirecting to login...';

type Field = 'password' | 'confirmPassword';

export function ResetPasswordPage() {
  const { token } = useParams();
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useMutation(resetPasswordMutationOptions());

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => {
      void navigate('/', { replace: true });
      openAuthDialog('login');
    }, RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ResetPasswordFormSchema.safeParse(values);
    const weak = parsed.success ? await commonPasswordProblem(parsed.data.password) : undefined;
    setErrors(parsed.success ? (weak ? { password: weak } : {}) : fieldErrors(parsed.error));
    if (!token) {
      setFormError(authMessages.invalidResetToken);
      return;
    }
    setFormError(null);
    if (parsed.success && !weak) reset.mutate({ token, password: parsed.data.password });
  }

  const field = (name: Field) => ({
    name,
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const failure =
    formError ?? (reset.isError ? errorMessage(reset.error, 'Failed to reset password') : null);

  return (
    <Page title="Reset Password" lead="Choose a new password for your account.">
      <Card className="reset-card">
        <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          {reset.isSuccess ? <Alert tone="success">{reset.data.message || SUCCESS}</Alert> : null}
          <TextField label="New Password" {...field('password')} />
          <TextField label="Confirm Password" {...field('confirmPassword')} />
          <Button type="submit" busy={reset.isPending} disabled={reset.isSuccess}>
            {reset.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
