import { useMutation } from '@tanstack/react-query';
import { Alert, Button, TextField } from '@/components';
import { errorMessage } from '@/lib/api-error';
import { useEmailForm } from '@/lib/use-email-form';
import { passwordResetRequestMutationOptions } from '../api';

const SENT = 'Password reset link has been sent to your email';

export function ForgotPasswordForm({
  onSent,
  onLogin,
}: {
  onSent: () => void;
  onLogin: () => void;
}) {
  const request = useMutation({ ...passwordResetRequestMutationOptions(), onSuccess: onSent });
  const { field, submit } = useEmailForm((body) => request.mutate(body));

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p className="auth-form__intro">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      {request.isError ? (
        <Alert tone="error">{errorMessage(request.error, 'Failed to send reset link')}</Alert>
      ) : null}
      {request.isSuccess ? <Alert tone="success">{request.data.message || SENT}</Alert> : null}
      <TextField {...field} />
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
