import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, emailHalves, emailPieces } from './email-text';

describe('emailHalves and emailPieces', () => {
  it.each([
    ['a@b.com', [['a'], ['@b.', 'com']]],
    [
      'christopher.longname.trader@verylongdomain-example.com',
      [
        ['christopher.', 'longname.', 'trader'],
        ['@verylongdomain-', 'example.', 'com'],
      ],
    ],
    [
      'first_last+tag@mail.example.co.uk',
      [
        ['first_', 'last+', 'tag'],
        ['@mail.', 'example.', 'co.', 'uk'],
      ],
    ],
    ['no-at-sign', [['no-', 'at-', 'sign']]],
  ])('%s', (email, expected) => {
    const pieces = emailHalves(email).map(emailPieces);
    expect(pieces).toEqual(expected);
    expect(pieces.flat().join('')).toBe(email);
  });
});

describe('EmailText', () => {
  it('keeps the whole address as its text and tooltip, in two halves of pieces', () => {
    const email = 'christopher.longname.trader@verylongdomain-example.com';
    const { container } = render(<EmailText email={email} />);
    expect(container.textContent).toBe(email);
    expect(container.querySelector('.email-text')).toHaveAttribute('title', email);
    expect(container.querySelectorAll('.email-text__part')).toHaveLength(2);
    expect(container.querySelectorAll('.email-text__piece')).toHaveLength(6);
    expect(container.querySelectorAll('wbr')).toHaveLength(1);
  });
});
