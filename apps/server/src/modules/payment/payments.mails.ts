import { formatDate, PLANS, type Payment, type PlanId } from '@tb/core';
import type { UserRow } from '../../db/schema/index.js';
import { layout } from '../auth/auth.mails.js';

/** The receipt of a payment that activated a plan (DESIGN.md section 14). */
export function receiptMail(
  user: Pick<UserRow, 'email' | 'username' | 'timeZone'>,
  payment: Payment,
  endDate: Date,
  profileUrl: string,
) {
  const plan = PLANS[payment.plan as PlanId]?.name ?? payment.plan;
  const paid =
    payment.actuallyPaid != null && payment.payCurrency
      ? `${payment.actuallyPaid} ${payment.payCurrency.toUpperCase()} ($${payment.priceUsd})`
      : `$${payment.priceUsd}`;
  return layout(
    user.email,
    `Receipt: Trading Bingo ${plan} plan`,
    [
      `Hi ${user.username},`,
      `Thank you: your payment of ${paid} for the ${plan} plan arrived, and Premium is active until ${formatDate(endDate.toISOString(), { timeZone: user.timeZone })}.`,
      `Payment ${payment.id}, ${formatDate(payment.activatedAt ?? payment.updatedAt, { timeZone: user.timeZone })}. Your profile shows your plan and every payment.`,
    ],
    profileUrl,
    'Open your profile',
    'You get this mail as the receipt of a payment made from your account.',
  );
}
