import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components';
import { Dialog } from '@/components/dialog';
import { notify } from '@/components/notifications';
import { uploadLocalJournal } from '../upload';

export const uploadTexts = {
  title: 'Upload your local boards and trades?',
  description:
    'You used the dashboard before signing in. Upload adds those boards and trades to your account; your account keeps everything it already has.',
  upload: 'Upload',
  uploading: 'Uploading...',
  decline: 'Keep my account as it is',
  failed: 'Failed to upload your local boards and trades',
} as const;

/** The sign-in upload question (DESIGN.md: merge, never a silent overwrite). */
export function UploadLocalDialog({ onDone }: { onDone: () => void }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    setBusy(true);
    try {
      await uploadLocalJournal(client);
    } catch {
      notify(uploadTexts.failed, 'error');
    } finally {
      setBusy(false);
      onDone();
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onDone()}
      title={uploadTexts.title}
      description={uploadTexts.description}
    >
      <div className="row">
        <Button busy={busy} onClick={() => void upload()}>
          {busy ? uploadTexts.uploading : uploadTexts.upload}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onDone}>
          {uploadTexts.decline}
        </Button>
      </div>
    </Dialog>
  );
}
