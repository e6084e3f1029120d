import type { ReactNode } from 'react';
import './card.css';

export interface CardProps {
  as?: 'article' | 'section' | 'div';
  className?: string;
  /** Id of the card's heading: a labelled section is a landmark screen readers can jump to. */
  labelledBy?: string;
  children: ReactNode;
}

/** A raised surface grouping related content. */
export function Card({ as: Tag = 'div', className, labelledBy, children }: CardProps) {
  return (
    <Tag className={['card', className].filter(Boolean).join(' ')} aria-labelledby={labelledBy}>
      {children}
    </Tag>
  );
}
