import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, emailPieces } from './email-text';

describe('emailPieces', () => {
  it.each([
    ['a@b.com', ['a', '@b.', 'com']],
    [
      'christopher.longname.trader@verylongdomain-example.com',
      ['christopher.', 'longname.', 'trader', '@verylongdomain-', 'example.', 'com'],
    ],
    [
      'first_last+tag@mail.example.co.uk',
      ['first_', 'last+', 'tag', '@mail.', 'example.', 'co.', 'uk'],
    ],
    ['no-at-sign', ['no-', 'at-', 'sign']],
  ])('%s', (email, pieces) => {
    expect(emailPieces(email)).toEqual(pieces);
    expect(emailPieces(email).join('')).toBe(email);
  });
});

describe('EmailText', () => {
  it('keeps the whole address as its text and tooltip', () => {
    const email = 'christopher.longname.trader@verylongdomain-example.com';
    const { container } = render(<EmailText email={email} />);
    expect(container.textContent).toBe(email);
    expect(container.querySelector('.email-text')).toHaveAttribute('title', email);
  });
});
