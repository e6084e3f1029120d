import type { WidgetLayoutItem } from '@tb/core';
import { RotateCcw, Undo2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components';
import type { DashboardLayout } from '../hooks/use-dashboard-layout';

const ConfirmDialog = lazy(() =>
  import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

export const resetMessages = {
  confirm: {
    desktop:
      'Put the widgets back to the default desktop layout? Your phone layout stays as it is.',
    mobile: 'Put the widgets back to the default phone layout? Your desktop layout stays as it is.',
  },
  done: 'Layout reset to the default.',
} as const;

export interface LayoutResetProps {
  dashboard: Pick<DashboardLayout, 'breakpoint' | 'reset' | 'restore'>;
  /** Whether the confirmation is open (the widgets menu's "Reset layout" opens it too). */
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
}

/**
 * "Reset layout": after a confirmation, the current breakpoint's default layout comes back (the
 * other breakpoint's is kept), with an Undo that puts the replaced layout back.
 */
export function LayoutReset({ dashboard, confirming, onConfirmingChange }: LayoutResetProps) {
  const [replaced, setReplaced] = useState<WidgetLayoutItem[] | null>(null);
  return (
    <div className="dashboard__tools">
      {replaced ? (
        <p className="dashboard__reset-done" role="status">
          {resetMessages.done}{' '}
          <Button
            variant="secondary"
            onClick={() => {
              dashboard.restore(replaced);
              setReplaced(null);
            }}
          >
            <Undo2 aria-hidden="true" size={16} /> Undo
          </Button>
        </p>
      ) : null}
      <Button variant="secondary" onClick={() => onConfirmingChange(true)}>
        <RotateCcw aria-hidden="true" size={16} /> Reset layout
      </Button>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={onConfirmingChange}
            title="Reset layout"
            message={resetMessages.confirm[dashboard.breakpoint]}
            confirmLabel="Reset layout"
            onConfirm={() => {
              setReplaced(dashboard.reset());
              onConfirmingChange(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
