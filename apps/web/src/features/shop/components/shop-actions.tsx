import { premiumLockTexts } from '@tb/core';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components';
import { openAuthDialog } from '@/features/auth';

/** What a visitor can do in the shop: sign in, or look at the plans. */
export function SignInOrPlans() {
  return (
    <div className="shop-actions">
      <Button variant="secondary" onClick={() => openAuthDialog('login')}>
        Sign in
      </Button>
      <Link to={premiumLockTexts.href} className={buttonClass('primary')}>
        See plans
      </Link>
    </div>
  );
}
