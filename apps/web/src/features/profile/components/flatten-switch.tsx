import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { exchangeKeys, saveUserSettings, userSettingsQueryOptions } from '@/features/exchange';

export const flattenTexts = {
  label: 'Close my positions when the session ends',
  hint: 'When three stoplosses, your trade limit or your daily loss end the session, the app always cancels the entries still waiting. With this on, it also closes your open positions on the connected exchange at market.',
} as const;

/**
 * The lock reaching the exchange (DESIGN.md section 11): an opt-in switch, off by default,
 * saved at once on the server (every browser sees the same choice).
 */
export function FlattenSwitch() {
  const client = useQueryClient();
  const settings = useQuery(userSettingsQueryOptions());
  const [requested, setRequested] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (flattenOnSessionEnd: boolean) => saveUserSettings({ flattenOnSessionEnd }),
    onSuccess: (saved) => client.setQueryData(exchangeKeys.settings, saved),
    onSettled: () => setRequested(null),
    meta: { errorMessage: 'Failed to save the setting' },
  });
  const hintId = useId();
  const checked = requested ?? settings.data?.flattenOnSessionEnd ?? false;

  return (
    <div className="stack profile-setting">
      <label className="check">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={settings.data === undefined}
          aria-describedby={hintId}
          aria-busy={save.isPending || undefined}
          onChange={(e) => {
            if (save.isPending || requested !== null) return;
            setRequested(e.target.checked);
            save.mutate(e.target.checked);
          }}
        />
        {flattenTexts.label}
      </label>
      <p className="profile-setting__hint" id={hintId}>
        {flattenTexts.hint}
      </p>
    </div>
  );
}
