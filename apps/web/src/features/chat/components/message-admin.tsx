import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_MUTE_REASON_MAX_LENGTH, type ChatMessage } from '@tb/core';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dialog } from '@/components/dialog';
import { useDateTimeFormat } from '@/features/journal';
import { errorMessage } from '@/lib/api-error';
import { deleteChatMessage, muteChatUser } from '../api';
import { removeChatMessage } from '../lib/chat-cache';

/** The mute lengths an admin picks from, in minutes. */
export const MUTE_DURATIONS = [
  { minutes: 10, label: '10 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 1_440, label: '24 hours' },
  { minutes: 10_080, label: '7 days' },
  { minutes: 43_200, label: '30 days' },
] as const;

function MuteDialog({ message, onClose }: { message: ChatMessage; onClose: () => void }) {
  const [minutes, setMinutes] = useState<number>(MUTE_DURATIONS[1].minutes);
  const [reason, setReason] = useState('');
  const fmt = useDateTimeFormat();
  const selectId = useId();
  const mute = useMutation({
    mutationFn: () =>
      muteChatUser({
        userId: message.authorId,
        minutes,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }),
    meta: {
      successMessage: (data) => {
        const until = (data as { mute?: { until?: string } }).mute?.until;
        return `${message.authorName} is muted until ${fmt.dateTime(until)}`;
      },
    },
    onSuccess: onClose,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mute.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Mute ${message.authorName}`}
      description="They can read the chat but not post until the mute ends."
    >
      <form className="stack" onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            Duration
          </label>
          <select
            id={selectId}
            className="field__control"
            value={minutes}
            onChange={(event) => setMinutes(Number(event.target.value))}
          >
            {MUTE_DURATIONS.map((duration) => (
              <option key={duration.minutes} value={duration.minutes}>
                {duration.label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Reason (optional)"
          value={reason}
          maxLength={CHAT_MUTE_REASON_MAX_LENGTH}
          onChange={(event) => setReason(event.target.value)}
        />
        {mute.isError ? (
          <Alert tone="error">{errorMessage(mute.error, 'The mute could not be saved')}</Alert>
        ) : null}
        <div className="row">
          <Button type="submit" variant="danger" busy={mute.isPending}>
            Mute
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** An admin's actions on a message: delete it (confirmed) or mute its author. */
export function MessageAdmin({ message }: { message: ChatMessage }) {
  const client = useQueryClient();
  const [dialog, setDialog] = useState<'delete' | 'mute' | null>(null);
  const remove = useMutation({
    mutationFn: () => deleteChatMessage(message.id),
    meta: { errorMessage: 'The message could not be deleted', successMessage: 'Message deleted' },
    onSuccess: () => removeChatMessage(client, message),
  });
  return (
    <span className="chat-msg__admin">
      {message.deleted ? null : (
        <button
          type="button"
          className="chat-msg__action"
          aria-label={`Delete message from ${message.authorName}`}
          disabled={remove.isPending}
          onClick={() => setDialog('delete')}
        >
          Delete
        </button>
      )}
      <button
        type="button"
        className="chat-msg__action"
        aria-label={`Mute ${message.authorName}`}
        onClick={() => setDialog('mute')}
      >
        Mute
      </button>
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Delete message"
        message={`Delete this message from ${message.authorName}? Everyone will see "Message removed" instead.`}
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
      />
      {dialog === 'mute' ? <MuteDialog message={message} onClose={() => setDialog(null)} /> : null}
    </span>
  );
}
