import type { ReactNode } from 'react';
import { Card } from './card';
import './coming-soon.css';

/** An honest "not built yet" block: what the screen will offer. */
export function ComingSoon({
  heading = 'Coming Soon',
  children,
  plans,
}: {
  heading?: string;
  children?: ReactNode;
  plans?: readonly string[];
}) {
  return (
    <Card as="section" className="coming-soon">
      <h2 className="coming-soon__heading">{heading}</h2>
      {children ? <div className="coming-soon__text">{children}</div> : null}
      {plans && plans.length > 0 ? (
        <ul className="coming-soon__plans">
          {plans.map((plan) => (
            <li key={plan}>{plan}</li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
