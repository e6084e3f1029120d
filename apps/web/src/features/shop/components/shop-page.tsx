import { premiumLockTexts } from '@tb/core';
import { Link } from 'react-router';
import { buttonClass, Card, ComingSoon, Page } from '@/components';
import { PremiumFeatureList } from '@/components/premium-feature-list';
import './shop.css';

/** /shop: not open yet (SPEC.md), and what is on sale today: premium, described feature by feature. */
export function ShopPage() {
  return (
    <Page title="Shop">
      <div className="shop">
        <ComingSoon plans={['Exclusive items', 'A bingo case']}>
          <p>The shop is not open yet. Planned:</p>
        </ComingSoon>
        <Card as="section" className="shop-premium" labelledBy="shop-premium-title">
          <div className="shop-premium__head">
            <h2 id="shop-premium-title" className="shop-premium__title">
              Premium, on sale now
            </h2>
            <Link to={premiumLockTexts.href} className={buttonClass('primary')}>
              See plans and prices
            </Link>
          </div>
          <PremiumFeatureList columns={2} />
        </Card>
      </div>
    </Page>
  );
}
