import type { ReactNode } from 'react';
import './page.css';

export interface PageProps {
  title: string;
  /** One line under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
}

/** The frame of a routed screen: its h1 and content, as wide as the header's content. */
export function Page({ title, lead, children }: PageProps) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        {lead ? <p className="page__lead">{lead}</p> : null}
      </header>
      {children}
    </section>
  );
}
