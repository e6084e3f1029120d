import { PREMIUM_FEATURES, subscriptionMessages } from '@tb/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, errorBody } from '@/test/fetch-mock';
import { publicUser } from '@/test/render-app';
import { LINKS, linksAnswer, noSubscription, openPayment, plan, toasts } from './test-fixtures';

describe('payment page: plans', () => {
  it('shows the prices, lengths and savings of core, the annual plan as best value', async () => {
    openPayment();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upgrade to Premium' }),
    ).toBeVisible();
    const free = await plan('Free');
    expect(free.getByText('$0')).toBeVisible();
    expect(free.getByText('Once a month')).toBeVisible();
    const monthly = await plan('Monthly');
    expect(monthly.getByText('$9')).toBeVisible();
    expect(monthly.getByText('/ 30 days')).toBeVisible();
    expect(monthly.queryByText(/^Save/)).not.toBeInTheDocument();
    const quarterly = await plan('Quarterly');
    expect(quarterly.getByText('$20')).toBeVisible();
    expect(quarterly.getByText('/ 90 days')).toBeVisible();
    expect(quarterly.getByText('Save 26%')).toBeVisible();
    const annual = await plan('Annual');
    expect(annual.getByText('$60')).toBeVisible();
    expect(annual.getByText('/ 365 days')).toBeVisible();
    expect(annual.getByText('Save 44%')).toBeVisible();
    expect(annual.getByText('Best value')).toBeVisible();
    expect(quarterly.queryByText('Best value')).not.toBeInTheDocument(); // The price a month, in the one money format: cents and a dollar sign.
    expect(monthly.getByText('$9.00 a month')).toBeVisible();
    expect(quarterly.getByText(/^\$6\.67 a month/)).toBeVisible();
    expect(annual.getByText(/^\$5\.00 a month/)).toBeVisible();
  });

  it('lists each plan’s live-trading APIs and features', async () => {
    openPayment();
    expect((await plan('Monthly')).getByText('Live trading APIs: 2')).toBeVisible();
    expect((await plan('Quarterly')).getByText('Live trading APIs: 3')).toBeVisible();
    expect((await plan('Annual')).getByText('Live trading APIs: unlimited')).toBeVisible();
    expect((await plan('Free')).getByText('Live trading APIs: 1')).toBeVisible();
    const monthly = await plan('Monthly');
    expect(monthly.getByText('Script case').closest('li')).toHaveClass('is-excluded');
    expect(monthly.getByText('Board export').closest('li')).not.toHaveClass('is-excluded');
    expect((await plan('Quarterly')).getByText('Script case').closest('li')).not.toHaveClass(
      'is-excluded',
    ); // Every feature is built: none is sold as "Coming soon" (issue 31).
    const annual = await plan('Annual');
    for (const label of ['Chatbox', 'Case winrate', 'Monthly strategy update', 'Analytics']) {
      expect(annual.getByText(label).closest('li')).not.toHaveClass('is-excluded');
      expect(annual.getByText(label).closest('li')).not.toHaveTextContent(/coming soon/i);
    }
  });

  it('opens a configured payment link in a new tab', async () => {
    openPayment();
    const pay = await (await plan('Monthly')).findByRole('link', { name: /^Pay with crypto/ });
    expect(pay).toHaveAttribute('href', LINKS.monthly);
    expect(pay).toHaveAttribute('target', '_blank');
    expect(pay).toHaveAttribute('rel', 'noopener noreferrer');
    expect(pay).toHaveAccessibleName('Pay with crypto for the Monthly plan (opens in a new tab)');
  });

  it('says honestly when a plan has no payment link, without a dead button', async () => {
    openPayment();
    const annual = await plan('Annual');
    expect(await annual.findByText(subscriptionMessages.paymentNotConfigured)).toBeVisible();
    expect(annual.queryByRole('link', { name: /Pay with crypto/ })).not.toBeInTheDocument();
    expect(annual.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the loading state, then the load error with a retry', async () => {
    let fail = true;
    const { user } = openPayment({
      'GET /payment/links': () => (fail ? { status: 500 } : { status: 200, body: linksAnswer() }),
    });
    expect(screen.getByText('Loading payment links...')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load payment links');
    expect(screen.queryByRole('link', { name: /Pay with crypto/ })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await (await plan('Monthly')).findByRole('link', { name: /^Pay with crypto/ }),
    ).toBeVisible();
  });
});

describe('payment page: the free plan and the account', () => {
  it('signed out: links to login and says which account a payment activates', async () => {
    const { fetch } = openPayment();
    const free = await plan('Free');
    expect(free.getByRole('link', { name: 'Log in to start free plan' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(
      await screen.findByText(/activated on the account named in the payment note/),
    ).toBeVisible();
    expect(calls(fetch)).not.toContain('GET /api/subscription');
  });

  it('signed in: shows the username to put in the note and starts the free plan', async () => {
    let premium = false;
    const { user, fetch } = openPayment(
      {
        'GET /users/me': () => ({
          status: 200,
          body: publicUser({ username: 'ada', isPaidUser: premium }),
        }),
        'POST /subscription/free-trial': () => {
          premium = true;
          return {
            status: 201,
            body: noSubscription({
              isPaidUser: true,
              subscription: {
                active: true,
                plan: 'free',
                startDate: '2026-01-20T12:00:00.000Z',
                endDate: '2026-01-23T12:00:00.000Z',
                remainingDays: 3,
              },
              message: 'Your free 3-day premium plan is active. Enjoy!',
            }),
          };
        },
      },
      { username: 'ada' },
    );
    expect(await screen.findByText('ada', { selector: 'strong' })).toBeVisible();
    const free = await plan('Free');
    await user.click(await free.findByRole('button', { name: 'Start free plan' }));
    expect(
      await toasts().findByText('Your free 3-day premium plan is active. Enjoy!'),
    ).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/subscription/free-trial');
    expect(await free.findByText('You already have premium')).toBeVisible();
    expect(free.queryByRole('button', { name: 'Start free plan' })).not.toBeInTheDocument();
  });

  it('claimed this month: the button is disabled and says when it comes back', async () => {
    const nextClaimAt = '2026-02-19T12:00:00.000Z';
    openPayment(
      {
        'GET /subscription': () => ({
          status: 200,
          body: noSubscription({ freeTrial: { available: false, nextClaimAt } }),
        }),
      },
      { username: 'ada' },
    );
    const free = await plan('Free');
    const note = 'Available again on 19 Feb 2026';
    expect(await free.findByText(note)).toBeVisible();
    const start = free.getByRole('button', { name: 'Start free plan' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription(note);
  });

  it('premium users are told they already have premium', async () => {
    openPayment(
      { 'GET /subscription': () => ({ status: 200, body: noSubscription({ isPaidUser: true }) }) },
      { username: 'ada', isPaidUser: true },
    );
    const free = await plan('Free');
    expect(await free.findByText('You already have premium')).toBeVisible();
    expect(free.queryByRole('button', { name: 'Start free plan' })).not.toBeInTheDocument();
  });

  it('shows the server refusal of the free plan', async () => {
    const { user } = openPayment(
      {
        'POST /subscription/free-trial': () => ({
          status: 409,
          body: errorBody(
            'CONFLICT',
            'The free plan can be claimed once a month. You can claim it again on 19 Feb 2026.',
          ),
        }),
      },
      { username: 'ada' },
    );
    const free = await plan('Free');
    await user.click(await free.findByRole('button', { name: 'Start free plan' }));
    expect(
      await toasts().findByText(
        'The free plan can be claimed once a month. You can claim it again on 19 Feb 2026.',
      ),
    ).toBeVisible();
  });
});

describe('payment page: benefits, terms and FAQ', () => {
  it('lists the premium features, the terms and answers in a disclosure list', async () => {
    const { user } = openPayment();
    const benefits = within(
      (await screen.findByRole('heading', { name: 'What premium brings' })).closest('section')!,
    );
    const benefit = (label: string) => benefits.getByText(label, { exact: true }).closest('li')!;
    expect(benefit('Case winrate')).toHaveTextContent(/Included in: Annual$/);
    expect(benefit('Script case')).toHaveTextContent(/Included in: Quarterly and Annual$/);
    expect(screen.getAllByText('30-day money-back guarantee.')[0]).toBeVisible();
    expect(screen.getByText('0.5% payment fee.')).toBeVisible();
    expect(screen.getByText('300+ cryptocurrencies.')).toBeVisible();

    const question = screen.getByText('What is the quick plan?');
    const answer = /A 10-day plan the team grants/;
    expect(question.closest('details')).not.toHaveAttribute('open');
    await user.click(question);
    expect(question.closest('details')).toHaveAttribute('open');
    expect(screen.getByText(answer)).toBeVisible();
    for (const q of [
      'What happens when my plan ends?',
      'Can I cancel?',
      'Which coins can I pay with?',
      'Can I get a refund?',
      'How does the free plan work?',
    ]) {
      expect(screen.getByText(q, { selector: 'summary' })).toBeInTheDocument();
    }
  });
});

describe('payment page: what each premium feature is', () => {
  it('describes every feature in one line, sells none as coming soon, sells analytics', async () => {
    openPayment();
    const benefits = within(
      (await screen.findByRole('heading', { name: 'What premium brings' })).closest('section')!,
    );
    const items = benefits.getAllByRole('listitem');
    expect(items).toHaveLength(PREMIUM_FEATURES.length);
    for (const feature of PREMIUM_FEATURES) {
      const item = within(benefits.getByText(feature.label, { exact: true }).closest('li')!);
      expect(item.getByText(feature.description)).toBeVisible();
    }
    const analytics = within(benefits.getByText('Analytics', { exact: true }).closest('li')!);
    expect(analytics.getByText(/equity curve.*CSV export/)).toBeVisible();
    expect(benefits.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });
});
