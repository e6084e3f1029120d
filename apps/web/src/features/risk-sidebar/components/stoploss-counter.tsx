import { GRASS_PROMPT_DELAY_MS, isSessionEnded, stoplossLabel, stoplossTexts } from '@tb/core';
import { useEffect, useRef, useState, type FocusEvent } from 'react';

export interface StoplossCounterProps {
  slTaken: number;
  onReset: () => void;
}

type Phase = 'idle' | 'ended' | 'grass';

/**
 * 'No SL taken' … 'Session ended'. At 3, hovering or focusing shows 'Session ended, come back
 * later'; 2 s later it asks 'Did you touch some grass?': Yes resets the counter, No closes.
 */
export function StoplossCounter({ slTaken, onReset }: StoplossCounterProps) {
  const ended = isSessionEnded(slTaken);
  const [phase, setPhase] = useState<Phase>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const open = () => {
    if (!ended || phase !== 'idle') return;
    setPhase('ended');
    timer.current = setTimeout(() => setPhase('grass'), GRASS_PROMPT_DELAY_MS);
  };
  const close = () => {
    clearTimeout(timer.current);
    setPhase('idle');
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };
  const shown = ended ? phase : 'idle';

  return (
    <div
      className="sl-counter"
      onMouseEnter={open}
      onMouseLeave={close}
      onFocus={open}
      onBlur={onBlur}
    >
      <button
        type="button"
        className={ended ? 'sl-counter__label is-ended' : 'sl-counter__label'}
        aria-describedby={shown === 'idle' ? undefined : 'sl-counter-tip'}
      >
        {stoplossLabel(slTaken)}
      </button>
      {shown === 'ended' ? (
        <div role="tooltip" id="sl-counter-tip" className="sl-counter__tip">
          {stoplossTexts.sessionEndedHover}
        </div>
      ) : null}
      {shown === 'grass' ? (
        <div role="dialog" aria-label={stoplossTexts.grassPrompt} className="sl-counter__tip">
          <p id="sl-counter-tip">{stoplossTexts.grassPrompt}</p>
          <div className="row">
            <button
              type="button"
              onClick={() => {
                close();
                onReset();
              }}
            >
              Yes
            </button>
            <button type="button" onClick={close}>
              No
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
