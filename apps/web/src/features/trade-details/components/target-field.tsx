import { PRICE_INPUT } from '@tb/core';
import { useId, useState } from 'react';

export const targetTexts = {
  prompt: 'Would you like to manually set it?',
  accept: 'Yes, set it',
  decline: 'No',
  auto: 'Auto target',
} as const;

export interface TargetFieldProps {
  value: string;
  manual: boolean;
  onManualChange: (value: string) => void;
  onEnableManual: () => void;
  onDisableManual: () => void;
}

/**
 * The target: computed from the tier and read-only until the person accepts to set it by hand
 * (clicking it asks 'Would you like to manually set it?'); 'Auto target' recalculates.
 */
export function TargetField({
  value,
  manual,
  onManualChange,
  onEnableManual,
  onDisableManual,
}: TargetFieldProps) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  return (
    <div className="trade-form__field trade-form__target">
      <label htmlFor={id}>Target</label>
      <input
        id={id}
        type="number"
        className="trade-form__input"
        {...PRICE_INPUT}
        value={value}
        readOnly={!manual}
        aria-describedby={asking ? `${id}-ask` : undefined}
        onClick={() => !manual && setAsking(true)}
        onKeyDown={(e) => !manual && e.key === 'Enter' && setAsking(true)}
        onChange={(e) => onManualChange(e.target.value)}
      />
      {asking && !manual ? (
        <div role="tooltip" id={`${id}-ask`} className="trade-form__ask">
          <span>{targetTexts.prompt}</span>
          <button
            type="button"
            onClick={() => {
              setAsking(false);
              onEnableManual();
            }}
          >
            {targetTexts.accept}
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            {targetTexts.decline}
          </button>
        </div>
      ) : null}
      {manual ? (
        <button type="button" className="trade-form__auto" onClick={onDisableManual}>
          {targetTexts.auto}
        </button>
      ) : null}
    </div>
  );
}
