import { render, screen } from '@testing-library/react';
import { usd } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { reportFixture } from '../test/report-fixture';
import { KeyFigures } from './key-figures';

const figure = (term: string) => screen.queryByText(term, { selector: 'dt' })?.nextElementSibling;

describe('KeyFigures', () => {
  it('shows the cost of trading off the plan as a figure of its own', () => {
    const { summary, openTrades } = reportFixture();
    render(
      <KeyFigures
        summary={summary}
        openTrades={openTrades}
        offPlan={{ trades: 2, pnlUsd: usd(-41.5) }}
      />,
    );
    expect(figure('Off-plan')).toHaveTextContent('-$41.50');
    expect(figure('Off-plan')).toHaveClass('an-tone--loss');
    expect(screen.getByText('2 trades taken outside the plan')).toBeVisible();
  });

  it('leaves it out when every trade followed a plan', () => {
    const { summary, openTrades, offPlan } = reportFixture();
    render(<KeyFigures summary={summary} openTrades={openTrades} offPlan={offPlan} />);
    expect(figure('Off-plan')).toBeUndefined();
  });
});
