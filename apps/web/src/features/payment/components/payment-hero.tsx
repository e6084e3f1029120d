import { FREE_TRIAL, PAYMENT_TERMS } from '@tb/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface PaymentHeroProps {
  signedIn: boolean;
  /** The signed-in user's name, once loaded. */
  username: string | null;
  /** NOWPayments checkout is configured; undefined while the payment links load. */
  checkout: boolean | undefined;
  /** The payment the trader came back with, shown right under the title. */
  status?: ReactNode;
}

/** The top of /payment: what premium is, the key terms, and how a payment reaches an account. */
export function PaymentHero({ signedIn, username, checkout, status }: PaymentHeroProps) {
  return (
    <header className="payment-hero">
      <p className="payment-hero__eyebrow">Premium</p>
      <h1 id="payment-title" className="payment-hero__title">
        Upgrade to Premium
      </h1>
      {status}
      <p className="payment-hero__lead">
        Unlimited boards with your own names, analytics of what works for you, board export and more
        live-trading connections. Try it free for {FREE_TRIAL.durationDays} days, then pay with
        crypto for the period you want.
      </p>
      <ul className="payment-hero__facts" aria-label="Payment terms at a glance">
        <li>{PAYMENT_TERMS.moneyBackDays}-day money-back guarantee</li>
        <li>{PAYMENT_TERMS.paymentFeePct}% payment fee</li>
        <li>{PAYMENT_TERMS.cryptocurrencies} cryptocurrencies</li>
      </ul>
      {checkout === undefined ? null : (
        <div className="payment-hero__account" aria-live="polite">
          <h2 className="payment-hero__account-title">How your plan is activated</h2>
          {checkout ? (
            <CheckoutActivation signedIn={signedIn} />
          ) : (
            <NoteActivation signedIn={signedIn} username={username} />
          )}
        </div>
      )}
    </header>
  );
}

/** NOWPayments: the invoice is made for the account, and its payment activates the plan. */
function CheckoutActivation({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <p>
      Pay with crypto opens an invoice for your account at our payment processor, NOWPayments. When
      the payment is confirmed, premium starts by itself and you get a receipt by email.
    </p>
  ) : (
    <p>
      <Link to="/login">Log in</Link> first: the invoice is made for your account, and premium
      starts by itself when the payment is confirmed.
    </p>
  );
}

/** Static payment links: the team activates the plan named in the payment note. */
function NoteActivation({ signedIn, username }: { signedIn: boolean; username: string | null }) {
  return signedIn ? (
    <p>
      Put your username
      {username ? (
        <>
          {' '}
          <strong className="payment-hero__username">{username}</strong>
        </>
      ) : null}{' '}
      in the payment note. When the payment has arrived, the team activates the plan on that
      account; you will see it on your profile.
    </p>
  ) : (
    <p>
      A plan is activated on the account named in the payment note. <Link to="/login">Log in</Link>{' '}
      first, then put your username in the note when you pay.
    </p>
  );
}
