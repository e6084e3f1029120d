import { Link } from 'react-router';
import { Alert, Button, buttonClass, Page } from '@/components';

function isChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Loading chunk|Importing a module script failed/i.test(
    message,
  );
}

/** Shown when a page fails to load or render: say so and offer a way out. */
export function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkError(error);
  return (
    <Page title={chunk ? 'Loading chunk failed' : 'Something went wrong'}>
      <Alert tone="error">
        {chunk
          ? 'Part of the app could not be downloaded. Check your connection and reload.'
          : 'This page hit an unexpected error.'}
      </Alert>
      <div className="row">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Link to="/" className={buttonClass('secondary')}>
          Go to Home
        </Link>
      </div>
    </Page>
  );
}
