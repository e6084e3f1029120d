import { CHAT_ROOMS, CHAT_TEXT_MAX_LENGTH, type ChatPlan } from '@tb/core';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, TextAreaField } from '@/components';
import { Dialog } from '@/components/dialog';
import { notify } from '@/components/notifications';
import { errorMessage } from '@/lib/api-error';
import { usePostMessage } from '../hooks/use-post-message';
import { defaultRoomOfPair, planToShare, roomName } from '../lib/share';
import { PlanCard } from './plan-card';
import './chat.css';

export interface ShareToChatDialogProps {
  /** The planned trade, its size included (left out unless the trader ticks "Include size"). */
  plan: ChatPlan;
  onClose: () => void;
}

/**
 * "Share to chat" from Trade Details: the plan as a card to a room (the pair's coin room when
 * there is one, else General), with an optional comment; the size only when asked for.
 */
export function ShareToChatDialog({ plan, onClose }: ShareToChatDialogProps) {
  const [room, setRoom] = useState<string>(() => defaultRoomOfPair(plan.pair));
  const [comment, setComment] = useState('');
  const [includeSize, setIncludeSize] = useState(false);
  const post = usePostMessage();
  const ids = { room: useId(), size: useId() };
  const shared = planToShare(plan, includeSize);
  const text = comment.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    post.mutate(
      { room, body: text ? { plan: shared, text } : { plan: shared } },
      {
        onSuccess: () => {
          notify(`Plan shared to ${roomName(room)}`, 'success');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Share to chat"
      size="md"
      description="Premium traders in the room see your plan as a card."
    >
      <form className="stack" onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor={ids.room}>
            Room
          </label>
          <select
            id={ids.room}
            className="field__control"
            value={room}
            onChange={(event) => setRoom(event.target.value)}
          >
            {CHAT_ROOMS.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField
          label="Comment (optional)"
          rows={2}
          value={comment}
          maxLength={CHAT_TEXT_MAX_LENGTH}
          onChange={(event) => setComment(event.target.value)}
        />
        <label className="chat-share__check" htmlFor={ids.size}>
          <input
            id={ids.size}
            type="checkbox"
            checked={includeSize}
            disabled={plan.size === null}
            onChange={(event) => setIncludeSize(event.target.checked)}
          />
          Include size
        </label>
        <PlanCard plan={shared} />
        {post.isError ? (
          <Alert tone="error">{errorMessage(post.error, 'The plan could not be shared')}</Alert>
        ) : null}
        <div className="row">
          <Button type="submit" busy={post.isPending}>
            Share
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
