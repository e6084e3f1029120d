import type { ReactNode } from 'react';
import './page.css';

export interface PageProps {
  title: string;
  /** One line under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
  /** Wide tables (the admin panel): the page may use up to --content-width-wide. */
  wide?: boolean;
}

/** The frame of a routed screen: its h1 and content. */
export function Page({ title, lead, children, wide = false }: PageProps) {
  return (
    <section className={wide ? 'page page--wide' : 'page'} aria-labelledby="page-title">
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
