import {
  GRASS_PROMPT_DELAY_MS,
  isSessionEnded,
  stoplossLabel,
  stoplossTexts,
  type SessionLock,
} from '@tb/core';
import { useEffect, useRef, useState, type FocusEvent } from 'react';

export interface StoplossCounterProps {
  slTaken: number;
  /** Core's session lock: the grass question is only asked when it can reopen the session. */
  lock: SessionLock;
  /** "Yes": resolves to null once reset, else to why not ('Not yet — …'). */
  onReset: () => Promise<string | null>;
}

type Phase = 'idle' | 'ended' | 'grass' | 'busy';

/** Whether "Did you touch some grass?" can reopen the session (3 stoplosses, not used today). */
export function grassOffered(lock: SessionLock): boolean {
  return lock.ended && lock.reason === 'STOPLOSSES' && lock.grassAt !== null;
}

/**
 * 'No SL taken' … 'Session ended'. At 3, hovering or focusing shows 'Session ended, come back
 * later'; 2 s later it asks 'Did you touch some grass?' (only when the grass reset can reopen
 * the session). Yes resets the counter once the cooldown has passed, otherwise the prompt
 * says when the session reopens; No closes.
 */
export function StoplossCounter({ slTaken, lock, onReset }: StoplossCounterProps) {
  const ended = isSessionEnded(slTaken);
  const offered = grassOffered(lock);
  const [phase, setPhase] = useState<Phase>('idle');
  const [refusal, setRefusal] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const open = () => {
    if (!ended || phase !== 'idle') return;
    setPhase('ended');
    if (offered) timer.current = setTimeout(() => setPhase('grass'), GRASS_PROMPT_DELAY_MS);
  };
  const close = () => {
    if (phase === 'busy') return;
    clearTimeout(timer.current);
    setRefusal(null);
    setPhase('idle');
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };
  const yes = async () => {
    setPhase('busy');
    const why = await onReset();
    setRefusal(why);
    setPhase(why === null ? 'idle' : 'grass');
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
      {shown === 'grass' || shown === 'busy' ? (
        <div role="dialog" aria-label={stoplossTexts.grassPrompt} className="sl-counter__tip">
          <p id="sl-counter-tip">{stoplossTexts.grassPrompt}</p>
          <p className="sl-counter__refusal" role="status">
            {refusal}
          </p>
          <div className="row">
            <button type="button" disabled={shown === 'busy'} onClick={() => void yes()}>
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
