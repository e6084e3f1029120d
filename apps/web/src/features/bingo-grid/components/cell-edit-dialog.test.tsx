import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { scriptBoardMessages, scriptCellById, type BingoCell } from '@tb/core';
import { describe, expect, it, vi } from 'vitest';
import { CellEditDialog } from './cell-edit-dialog';

const own: BingoCell = { id: 4, title: 'Waited for the close', points: 2, selected: false };
const trend = scriptCellById('daily-trend')!;

function renderDialog(cell: BingoCell, scriptCase: boolean) {
  const onSave = vi.fn();
  render(<CellEditDialog cell={cell} onSave={onSave} onClose={vi.fn()} scriptCase={scriptCase} />);
  return { onSave, user: userEvent.setup() };
}

describe('CellEditDialog with script cells', () => {
  it('offers no script cells without the plan', () => {
    renderDialog(own, false);
    expect(screen.queryByLabelText('Cell kind')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toBeVisible();
  });

  it('turns a cell into a script cell: its rule shown, title and points the script’s', async () => {
    const { onSave, user } = renderDialog(own, true);
    await user.selectOptions(screen.getByLabelText('Cell kind'), `Script: ${trend.label}`);
    expect(screen.getByLabelText('Cell kind')).toHaveAccessibleDescription(`Rule: ${trend.rule}`);
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(screen.getByText(trend.label, { selector: 'strong' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ script: 'daily-trend' });
  });

  it('lets a lapsed trader turn a script cell back into an own cell, and nothing else', async () => {
    const scripted: BingoCell = {
      id: 4,
      title: trend.label,
      points: 2,
      selected: false,
      script: 'daily-trend',
    };
    const { onSave, user } = renderDialog(scripted, false);
    const kind = screen.getByLabelText('Cell kind');
    expect(kind).toHaveAccessibleDescription(`Rule: ${trend.rule}`);
    expect(screen.getByRole('option', { name: 'Script: Funding not extreme' })).toBeDisabled();
    await user.selectOptions(kind, 'My own cell');
    expect(kind).toHaveAccessibleDescription(scriptBoardMessages.lapsed);
    await user.clear(screen.getByLabelText('Points'));
    await user.type(screen.getByLabelText('Points'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ script: null, title: trend.label, points: 3 });
  });
});
