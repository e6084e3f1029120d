import { Link } from 'react-router';
import { buttonClass, Card } from '@/components';

export const notConnectedTexts = {
  heading: 'No exchange connected',
  body: 'Connect your Hyperliquid account, or open a paper account to practise without risk, to see your balance, positions and orders and to trade from here.',
  action: 'Connect an exchange',
} as const;

/** The empty state of the page when the user has no exchange connection. */
export function NotConnected() {
  return (
    <Card as="section" className="not-connected">
      <h2 className="table-section__title">{notConnectedTexts.heading}</h2>
      <p>{notConnectedTexts.body}</p>
      <Link to="/exchange-connect" className={buttonClass('primary')}>
        {notConnectedTexts.action}
      </Link>
    </Card>
  );
}
