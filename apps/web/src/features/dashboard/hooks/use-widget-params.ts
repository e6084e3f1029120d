import { widgetTypeOf } from '@tb/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardLayout } from './use-dashboard-layout';

/**
 * /bingo?addWidget=… or ?removeWidget=… (a widget id or type): applied once the layout is
 * there, then cleared from the address. The chart opens with the last symbol. ?resetLayout
 * (the widgets menu's "Reset layout") asks `onResetRequest` to confirm the reset.
 */
export function useWidgetParams(dashboard: DashboardLayout, onResetRequest: () => void): void {
  const [params, setParams] = useSearchParams();
  const add = params.get('addWidget');
  const remove = params.get('removeWidget');
  const reset = params.get('resetLayout');
  const ready = dashboard.layout !== null;
  const { add: addWidget, remove: removeWidget } = dashboard;

  useEffect(() => {
    if (!ready || (add === null && remove === null && reset === null)) return;
    if (reset !== null) onResetRequest();
    if (remove) removeWidget(remove);
    const type = add ? widgetTypeOf(add) : null;
    if (type === 'chart') {
      void import('@/features/trade-idea').then((m) => addWidget('chart', m.readLastSymbol()));
    } else if (type) {
      addWidget(type);
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('addWidget');
        next.delete('removeWidget');
        next.delete('resetLayout');
        return next;
      },
      { replace: true },
    );
  }, [ready, add, remove, reset, addWidget, removeWidget, onResetRequest, setParams]);
}
