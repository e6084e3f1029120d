import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components';
import { Dialog } from '@/components/dialog';
import { notify } from '@/components/notifications';
import { errorMessage } from '@/lib/api-error';
import { uploadLocalJournal, type UploadResult } from '../upload';

export const uploadTexts = {
  title: 'Upload your local boards and trades?',
  description:
    'You used the dashboard before signing in. Upload adds those boards and trades to your account; your account keeps everything it already has.',
  upload: 'Upload',
  uploading: 'Uploading...',
  decline: 'Keep my account as it is',
  failed: 'Failed to upload your local boards and trades',
  tradeFailed: 'The upload failed; the next sign-in offers it again.',
  /** E.g. '2 trades stay in this browser: You have reached your limit of 3 trades for today. …' */
  kept: ({ kept, errors }: UploadResult) => {
    const reasons = new Set(errors.map((error) => errorMessage(error, uploadTexts.tradeFailed)));
    const stay = kept === 1 ? '1 trade stays' : `${kept} trades stay`;
    return `${stay} in this browser: ${[...reasons].join(' ')}`;
  },
} as const;

/** How the question was answered: after an upload, the prompt looks at what stayed behind. */
export type UploadAnswer = 'uploaded' | 'declined';

/** The sign-in upload question (DESIGN.md: merge, never a silent overwrite). */
export function UploadLocalDialog({ onDone }: { onDone: (answer: UploadAnswer) => void }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    setBusy(true);
    try {
      const result = await uploadLocalJournal(client);
      if (result.kept > 0) notify(uploadTexts.kept(result), 'error');
    } catch {
      notify(uploadTexts.failed, 'error');
    } finally {
      setBusy(false);
      onDone('uploaded');
    }
  };
  const decline = () => onDone('declined');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && decline()}
      title={uploadTexts.title}
      description={uploadTexts.description}
    >
      <div className="row">
        <Button busy={busy} onClick={() => void upload()}>
          {busy ? uploadTexts.uploading : uploadTexts.upload}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={decline}>
          {uploadTexts.decline}
        </Button>
      </div>
    </Dialog>
  );
}
