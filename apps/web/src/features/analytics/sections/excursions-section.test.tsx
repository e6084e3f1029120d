import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reportFixture } from '../test/report-fixture';
import { ExcursionsSection } from './excursions-section';

const excursions = reportFixture().excursions;

describe('the Excursions panel', () => {
  it("says how far winners went against the trader first, and what the next tier's target would have given", () => {
    render(<ExcursionsSection excursions={excursions} />);
    const section = screen.getByRole('region', { name: 'Excursions' });
    expect(section).toHaveTextContent('2 trades without them');
    const winners = within(section).getByRole('region', {
      name: 'How far did winners go against you first?',
    });
    expect(winners).toHaveTextContent(
      'Half of your 5 winners went no further than -0.30R against you before they paid',
    );
    const rows = within(winners)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      '0 to 0.25R2',
      '0.25 to 0.5R1',
      '0.5 to 0.75R1',
      '0.75 to 1R0',
      '1R or more1',
    ]);
    const next = within(section).getByRole('region', {
      name: "What the next tier's target would have given",
    });
    expect(next).toHaveTextContent('Reached their target4 of 6 trades');
    expect(next).toHaveTextContent("Went on 1R further (the next tier's target)2: +2.00R more");
    expect(next).toHaveTextContent('Reached the target, then came back below it1');
  });

  it('says "not enough trades" under the sample rule', () => {
    render(
      <ExcursionsSection
        excursions={{
          ...excursions,
          trades: 4,
          missing: 0,
          winners: { ...excursions.winners, trades: 3, medianMaeR: null },
          nextTarget: { ...excursions.nextTarget, trades: 4 },
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Excursions' });
    expect(section).toHaveTextContent(
      'Not enough trades yet: 5 winners with MFE / MAE needed, 3 so far.',
    );
    expect(section).toHaveTextContent(
      'Not enough trades yet: 5 closed trades with MFE / MAE needed, 4 so far.',
    );
    expect(within(section).queryByRole('table')).toBeNull();
    expect(section).not.toHaveTextContent('without them');
  });
});
