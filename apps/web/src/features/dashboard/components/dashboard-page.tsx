import { isMobileWidth } from '@tb/core';
import { useCallback, useMemo, useState } from 'react';
import { Spinner } from '@/components';
import { LazyPremiumLock } from '@/components/lazy-premium-lock';
import { useLiveTradingParam } from '@/features/exchange';
import {
  closePremiumLock,
  LocalUploadPrompt,
  useJournalEvents,
  usePremiumLockRequest,
} from '@/features/journal';
import { RiskSidebar } from '@/features/risk-sidebar';
import { StrategyCard } from '@/features/strategies';
import { useDashboardLayout } from '../hooks/use-dashboard-layout';
import { useWidgetParams } from '../hooks/use-widget-params';
import { DashboardGrid } from './dashboard-grid';
import { LayoutReset } from './layout-reset';
import type { ChartControls } from './widget-registry';
import './dashboard.css';

/** /bingo: the risk sidebar and the grid of widgets. */
export function DashboardPage() {
  // On phones the sidebar starts collapsed so the widgets come first.
  const [collapsed, setCollapsed] = useState(() => isMobileWidth(window.innerWidth));
  const dashboard = useDashboardLayout();
  const [confirmingReset, setConfirmingReset] = useState(false);
  useWidgetParams(
    dashboard,
    useCallback(() => setConfirmingReset(true), []),
  );
  useLiveTradingParam();
  // The server pushes what fills change in the journal: the live trade cards follow it.
  useJournalEvents();
  const lock = usePremiumLockRequest();
  const { layout, add, remove, setProps } = dashboard;

  const chart = useMemo<ChartControls>(
    () => ({
      chartOpen: layout?.some((item) => item.widgetType === 'chart' || item.i === 'chart') ?? false,
      onOpenChart: (symbol) => add('chart', symbol),
      onCloseChart: () => remove('chart'),
      onChartViewChange: (view) => setProps('chart', { view }),
    }),
    [layout, add, remove, setProps],
  );

  return (
    <div className={collapsed ? 'dashboard is-collapsed' : 'dashboard'}>
      <h1 className="visually-hidden">Bingo Dashboard</h1>
      <RiskSidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
      <div className="dashboard__main">
        <StrategyCard />
        {layout ? (
          <>
            <DashboardGrid dashboard={{ ...dashboard, layout }} chart={chart} />
            <LayoutReset
              dashboard={dashboard}
              confirming={confirmingReset}
              onConfirmingChange={setConfirmingReset}
            />
          </>
        ) : (
          <Spinner label="Loading your dashboard" />
        )}
      </div>
      <LocalUploadPrompt />
      <LazyPremiumLock
        open={lock.open}
        message={lock.message}
        onOpenChange={(open) => !open && closePremiumLock()}
      />
    </div>
  );
}
