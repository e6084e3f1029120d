import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table';

interface Row {
  coin: string;
  total: string;
}

const columns: readonly Column<Row>[] = [
  { header: 'Coin', cell: (r) => r.coin },
  { header: 'Total', numeric: true, cell: (r) => r.total },
];
const rows: Row[] = [{ coin: 'USDC', total: '$10,000.00' }];

describe('DataTable', () => {
  it('scrolls sideways by default: plain cells, no phone cards', () => {
    render(<DataTable caption="Balances" columns={columns} rows={rows} rowKey={(r) => r.coin} />);
    const table = screen.getByRole('table', { name: 'Balances' });
    expect(table).not.toHaveClass('data-table--stack');
    expect(within(table).getByRole('cell', { name: 'USDC' })).not.toHaveAttribute('data-label');
  });

  it('with stack, a phone card per row: the first column heads the row, the others are labelled', () => {
    render(
      <DataTable caption="Balances" columns={columns} rows={rows} rowKey={(r) => r.coin} stack />,
    );
    const table = screen.getByRole('table', { name: 'Balances' });
    expect(table).toHaveClass('data-table--stack');
    expect(within(table).getByRole('rowheader', { name: 'USDC' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: '$10,000.00' })).toHaveAttribute(
      'data-label',
      'Total',
    );
  });
});
