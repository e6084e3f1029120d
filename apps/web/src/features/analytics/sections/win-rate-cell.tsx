import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Badge } from '@/components';

export const winRateTexts = {
  small: 'small sample',
  script: 'Script',
} as const;

/**
 * Something that shows a script cell's rule while hovered or focused (a tap focuses it on a
 * phone; Escape hides it); screen readers read the rule as its description. Hidden, the rule
 * is out of the row's name.
 */
export function WithRule({ rule, children }: { rule: string; children: ReactNode }) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return (
    <span
      className="an-rule"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <span
        className="an-rule__anchor"
        tabIndex={0}
        aria-describedby={id}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setFocused(false);
            setHovered(false);
          }
        }}
      >
        {children}
      </span>
      <span role="tooltip" id={id} className="an-rule__tip" hidden={!(hovered || focused)}>
        {rule}
      </span>
    </span>
  );
}

/** The "Script" mark of a cell the app ticks itself, its rule on hover or focus. */
export function ScriptMark({ rule }: { rule: string }) {
  return (
    <WithRule rule={rule}>
      <Badge tone="info">{winRateTexts.script}</Badge>
    </WithRule>
  );
}

/** Said under a win rate resting on fewer than SMALL_SAMPLE trades (the row is greyed). */
export function SampleNote() {
  return <span className="an-figure__sub an-sample-note">{winRateTexts.small}</span>;
}
