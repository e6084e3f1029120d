import { useQuery } from '@tanstack/react-query';
import { authMessages } from '@tb/core';
import { Link, useParams } from 'react-router';
import { Alert, buttonClass, Card, Page, Spinner } from '@/components';
import { errorMessage } from '@/lib/api-error';
import { verifyEmailQueryOptions } from '../api';
import { ResendVerificationForm } from './resend-verification-form';
import './verify-email.css';

/** /verify-email/:token: loading, then verified or failed with a resend form. */
export function VerifyEmailPage() {
  const { token } = useParams();
  const verify = useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });

  let body;
  if (!token) {
    body = <Failed message={authMessages.invalidVerificationLink} />;
  } else if (verify.isPending) {
    body = <Spinner label="Verifying your email..." />;
  } else if (verify.isError) {
    body = (
      <Failed message={errorMessage(verify.error, 'Verification failed. Please try again.')} />
    );
  } else {
    body = (
      <div className="stack">
        <Alert tone="success">{verify.data.message}</Alert>
        <div>
          <Link to="/bingo" className={buttonClass('primary')}>
            Go to the dashboard
          </Link>
        </div>
      </div>
    );
  }

  return (
    <Page title="Email Verification">
      <Card className="verify-card">{body}</Card>
    </Page>
  );
}

function Failed({ message }: { message: string }) {
  return (
    <div className="stack">
      <Alert tone="error">{message}</Alert>
      <ResendVerificationForm />
    </div>
  );
}
