import { lazy, Suspense, useState } from 'react';
import { useSession } from '@/lib/use-session';
import { hasLocalJournal, journalStorageKeys } from '../storage';
import type { UploadAnswer } from './upload-local-dialog';

const UploadLocalDialog = lazy(() =>
  import('./upload-local-dialog').then((m) => ({ default: m.UploadLocalDialog })),
);

/**
 * After sign-in, when the browser still holds an anonymous journal, asks once per user
 * whether to upload it. Declining keeps the server state (and the local copy). An upload
 * that left trades behind (refused by the server) is asked about again at the next sign-in.
 */
export function LocalUploadPrompt() {
  const session = useSession();
  const [answeredFor, setAnsweredFor] = useState(() =>
    localStorage.getItem(journalStorageKeys.uploadAnswered),
  );
  // The sign-in (its token) whose upload left trades behind: not asked again within it.
  const [partlyUploadedIn, setPartlyUploadedIn] = useState<string | null>(null);
  if (
    !session ||
    answeredFor === session.username ||
    partlyUploadedIn === session.token ||
    !hasLocalJournal()
  )
    return null;
  const done = (answer: UploadAnswer) => {
    if (answer === 'uploaded' && hasLocalJournal()) {
      setPartlyUploadedIn(session.token);
      return;
    }
    localStorage.setItem(journalStorageKeys.uploadAnswered, session.username);
    setAnsweredFor(session.username);
  };
  return (
    <Suspense fallback={null}>
      <UploadLocalDialog onDone={done} />
    </Suspense>
  );
}
