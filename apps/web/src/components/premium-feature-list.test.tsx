import { PREMIUM_FEATURES } from '@tb/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PremiumFeatureList } from './premium-feature-list';

const items = () => screen.getAllByRole('listitem');
const item = (label: string) => {
  const found = items().find((li) => within(li).queryByText(label, { exact: true }));
  if (!found) throw new Error(`no feature "${label}"`);
  return within(found);
};

describe('PremiumFeatureList', () => {
  it('describes every premium feature in one line, under its name', () => {
    render(<PremiumFeatureList />);
    expect(items()).toHaveLength(PREMIUM_FEATURES.length);
    for (const feature of PREMIUM_FEATURES) {
      expect(item(feature.label).getByText(feature.description)).toBeInTheDocument();
    }
  });

  it('sells nothing as "Coming soon" (issue 31: every feature is built)', () => {
    const { container } = render(<PremiumFeatureList />);
    expect(container).not.toHaveTextContent(/coming soon/i);
    expect(item('Monthly strategy update')).toBeTruthy();
  });

  it('sells Analytics as what it is: the charts and the CSV export', () => {
    render(<PremiumFeatureList />);
    const analytics = item('Analytics');
    expect(
      analytics.getByText(/equity curve, R distribution, P\/L calendar.*CSV export/),
    ).toBeInTheDocument();
  });

  it('adds the detail a screen asks for, and shows no glyph characters', () => {
    const { container } = render(<PremiumFeatureList detail={(f) => `detail of ${f.id}`} />);
    expect(item('Case winrate').getByText('detail of caseWinrate')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/[✓✔–×]/);
    // The icons are decorative: hidden from screen readers.
    for (const svg of container.querySelectorAll('svg')) {
      expect(svg).toHaveAttribute('aria-hidden', 'true');
    }
  });
});
