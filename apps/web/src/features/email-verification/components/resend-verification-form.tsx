import { useMutation } from '@tanstack/react-query';
import { Alert, Button, TextField } from '@/components';
import { resendMessages, resendVerificationMutationOptions } from '@/features/auth';
import { useEmailForm } from '@/lib/use-email-form';

export function ResendVerificationForm() {
  const resend = useMutation(resendVerificationMutationOptions());
  const { field, submit } = useEmailForm((body) => resend.mutate(body));

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p className="verify-card__hint">Need a new link? Enter the email of your account.</p>
      {resend.isSuccess ? <Alert tone="success">{resendMessages.sent}</Alert> : null}
      {resend.isError ? <Alert tone="error">{resendMessages.failed}</Alert> : null}
      <TextField {...field} />
      <div>
        <Button type="submit" busy={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend verification email'}
        </Button>
      </div>
    </form>
  );
}
