import type { ReactNode } from 'react';
import './card.css';

export interface CardProps {
  as?: 'article' | 'section' | 'div';
  className?: string;
  children: ReactNode;
}

/** A raised surface grouping related content. */
export function Card({ as: Tag = 'div', className, children }: CardProps) {
  return <Tag className={['card', className].filter(Boolean).join(' ')}>{children}</Tag>;
}
