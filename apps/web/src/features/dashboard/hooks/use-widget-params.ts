import { widgetTypeOf } from '@tb/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardLayout } from './use-dashboard-layout';

/**
 * /bingo?addWidget=… or ?removeWidget=… (a widget id or type): applied once the layout is
 * there, then cleared from the address. The chart opens with the last symbol.
 */
export function useWidgetParams(dashboard: DashboardLayout): void {
  const [params, setParams] = useSearchParams();
  const add = params.get('addWidget');
  const remove = params.get('removeWidget');
  const ready = dashboard.layout !== null;
  const { add: addWidget, remove: removeWidget } = dashboard;

  useEffect(() => {
    if (!ready || (add === null && remove === null)) return;
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
        return next;
      },
      { replace: true },
    );
  }, [ready, add, remove, addWidget, removeWidget, setParams]);
}
