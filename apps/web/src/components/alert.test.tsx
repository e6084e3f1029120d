import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './alert';

describe('Alert', () => {
  it('announces errors at once and other tones politely', () => {
    const { rerender } = render(<Alert tone="error">Failed</Alert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    rerender(<Alert tone="success">Saved</Alert>);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('dismisses through a named button whose icon is hidden from screen readers', async () => {
    const onDismiss = vi.fn();
    render(<Alert onDismiss={onDismiss}>Note</Alert>);
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    expect(dismiss).not.toHaveTextContent('×');
    expect(dismiss.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.setup().click(dismiss);
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
