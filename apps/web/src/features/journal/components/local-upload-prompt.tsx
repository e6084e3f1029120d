import { lazy, Suspense, useState } from 'react';
import { useSession } from '@/lib/use-session';
import { hasLocalJournal, journalStorageKeys } from '../storage';

const UploadLocalDialog = lazy(() =>
  import('./upload-local-dialog').then((m) => ({ default: m.UploadLocalDialog })),
);

/**
 * After sign-in, when the browser still holds an anonymous journal, asks once per user
 * whether to upload it. Declining keeps the server state (and the local copy).
 */
export function LocalUploadPrompt() {
  const session = useSession();
  const [answeredFor, setAnsweredFor] = useState(() =>
    localStorage.getItem(journalStorageKeys.uploadAnswered),
  );
  if (!session || answeredFor === session.username || !hasLocalJournal()) return null;
  const done = () => {
    localStorage.setItem(journalStorageKeys.uploadAnswered, session.username);
    setAnsweredFor(session.username);
  };
  return (
    <Suspense fallback={null}>
      <UploadLocalDialog onDone={done} />
    </Suspense>
  );
}
