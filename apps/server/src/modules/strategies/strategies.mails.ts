import { formatStrategyMonth, strategyExcerpt, type Strategy } from '@tb/core';
import type { UserRow } from '../../db/schema/index.js';
import type { Mail } from '../../lib/mailer.js';
import { layout } from '../auth/auth.mails.js';

/** The mail of a newly published monthly strategy to a subscriber (DESIGN.md section 15). */
export function strategyMail(
  user: Pick<UserRow, 'email' | 'username'>,
  strategy: Pick<Strategy, 'title' | 'month' | 'body'>,
  link: string,
): Mail {
  const month = strategy.month ? formatStrategyMonth(strategy.month) : 'this month';
  const excerpt = strategyExcerpt(strategy.body, 400);
  return layout(
    user.email,
    `Strategy of ${month}: ${strategy.title}`,
    [
      `Hi ${user.username},`,
      `The strategy of ${month} is out: ${strategy.title}.`,
      ...(excerpt ? [excerpt] : []),
      'Read it and load its 25-cell board onto your boards in one click.',
    ],
    link,
    'Read the strategy',
    'You get this mail because your premium plan includes the monthly strategy update.',
  );
}
