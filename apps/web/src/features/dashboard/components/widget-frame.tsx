import { GripVertical, X } from 'lucide-react';
import { Fragment, type KeyboardEvent, type ReactNode } from 'react';
import type { MoveDirection } from '../layout-moves';
import { WORKFLOW_HINTS } from '../workflow-hints';

export interface WidgetFrameProps {
  id: string;
  title: string;
  workflowNumber: number | null | undefined;
  /** False in the stacked mobile layout, where widgets do not move. */
  movable: boolean;
  onMove: (direction: MoveDirection) => void;
  onRemove: () => void;
  children: ReactNode;
}

const KEYS: Record<string, MoveDirection> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/** The title with a line break allowed after each '/': a narrow Risk/Reward wraps, not cuts. */
function breakableTitle(title: string): ReactNode {
  const parts = title.split('/');
  return parts.map((part, n) => (
    <Fragment key={n}>
      {part}
      {n < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/**
 * A widget's frame: the drag handle (the only drag area; focused, the arrow keys move the
 * widget), the title, the numbered workflow hint and the remove button.
 */
export function WidgetFrame(props: WidgetFrameProps) {
  const { id, title, workflowNumber, movable, onMove, onRemove, children } = props;
  const hint = workflowNumber ? WORKFLOW_HINTS[workflowNumber] : undefined;
  const titleId = `widget-title-${id}`;
  const onKeyDown = (event: KeyboardEvent) => {
    const direction = KEYS[event.key];
    if (!direction) return;
    event.preventDefault();
    onMove(direction);
  };
  return (
    <section className="widget-frame" aria-labelledby={titleId}>
      <header className="widget-frame__header">
        {movable ? (
          <button
            type="button"
            className="widget-frame__handle"
            aria-label={`Move ${title}`}
            aria-describedby="widget-move-help"
            onKeyDown={onKeyDown}
          >
            <GripVertical aria-hidden="true" size={18} />
          </button>
        ) : null}
        <h2 id={titleId} className="widget-frame__title" title={title}>
          {breakableTitle(title)}
        </h2>
        {hint ? (
          <span className="widget-frame__hint">
            <button
              type="button"
              className="widget-frame__badge"
              aria-label={`Workflow step ${workflowNumber}`}
              aria-describedby={`${titleId}-hint`}
            >
              {workflowNumber}
            </button>
            <span role="tooltip" id={`${titleId}-hint`} className="widget-frame__hint-text">
              {hint}
            </span>
          </span>
        ) : null}
        <button
          type="button"
          className="widget-frame__remove"
          aria-label={`Remove ${title}`}
          onClick={onRemove}
        >
          <X aria-hidden="true" size={18} />
        </button>
      </header>
      <div className="widget-frame__body">{children}</div>
    </section>
  );
}
