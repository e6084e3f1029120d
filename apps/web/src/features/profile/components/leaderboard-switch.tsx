import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { leaderboardVisibilityMutationOptions } from '../api';

/**
 * "Show me on the leaderboard": a switch that saves at once. While the call runs it shows the
 * requested state and ignores further clicks (it stays focusable, unlike a disabled input).
 * The requested state is set in the click itself: the mutation's pending state arrives a
 * render later, and a controlled checkbox would flick back in between.
 */
export function LeaderboardSwitch({ shown }: { shown: boolean }) {
  const client = useQueryClient();
  const [requested, setRequested] = useState<boolean | null>(null);
  const save = useMutation({
    ...leaderboardVisibilityMutationOptions(client),
    onSettled: () => setRequested(null),
  });
  const hintId = useId();
  const checked = requested ?? shown;

  return (
    <div className="stack profile-setting">
      <label className="check">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-describedby={hintId}
          aria-busy={save.isPending || undefined}
          onChange={(e) => {
            if (save.isPending || requested !== null) return;
            setRequested(e.target.checked);
            save.mutate({ showOnLeaderboard: e.target.checked });
          }}
        />
        Show me on the leaderboard
      </label>
      <p className="profile-setting__hint" id={hintId}>
        Other traders see your username, number of trades, win rate, gain and R/R. Your trades
        themselves stay private.
      </p>
    </div>
  );
}
