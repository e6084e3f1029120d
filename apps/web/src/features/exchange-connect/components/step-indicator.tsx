import { Check, X } from 'lucide-react';
import { CONNECT_STAGES, stageOf, type ConnectStep } from '../connect-steps';

/** Where the user is in exchange connect: an ordered list with the current step marked. */
export function StepIndicator({ step }: { step: ConnectStep }) {
  const current = CONNECT_STAGES.findIndex((stage) => stage.id === stageOf(step));
  return (
    <nav aria-label="Connection steps" className="connect-steps">
      <ol className="connect-steps__list">
        {CONNECT_STAGES.map((stage, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          const failed = state === 'current' && step === 'error';
          return (
            <li
              key={stage.id}
              className={`connect-steps__item is-${failed ? 'failed' : state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="connect-steps__number" aria-hidden="true">
                {state === 'done' ? (
                  <Check size={14} strokeWidth={3} />
                ) : failed ? (
                  <X size={14} strokeWidth={3} />
                ) : (
                  index + 1
                )}
              </span>
              <span className="connect-steps__label">
                {stage.label}
                {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
