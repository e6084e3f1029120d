import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addWidget,
  defaultLayoutFor,
  GRID,
  isMobileWidth,
  readWidgetLayouts,
  removeWidget,
  TIMERS_MS,
  type LayoutBreakpoint,
  type WidgetLayoutItem,
  type WidgetLayoutResponse,
  type WidgetLayouts,
  type WidgetType,
} from '@tb/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '@/lib/use-session';
import { layoutKeys, layoutMessages, saveWidgetLayouts, widgetLayoutQueryOptions } from '../api';
import { mergePositions, moveWidget, type GridPosition, type MoveDirection } from '../layout-moves';
import { carriedChoices, withProps, type WidgetProps } from '../layout-props';
import {
  readRemovedPositions,
  readStoredLayouts,
  readWidgetChoices,
  rememberRemovedPosition,
  rememberWidgetChoice,
  writeActiveWidgets,
  writeStoredLayouts,
} from '../layout-storage';
import { useWindowSize } from './use-window-size';

export interface DashboardLayout {
  /** The layout of the current breakpoint; null while a signed-in user's layout loads. */
  layout: WidgetLayoutItem[] | null;
  /** 'mobile' below 768 px (4 stacked columns), else 'desktop'. */
  breakpoint: LayoutBreakpoint;
  add: (type: WidgetType, lastSymbol?: string) => boolean;
  remove: (idOrType: string) => boolean;
  onGridChange: (positions: readonly GridPosition[]) => void;
  move: (id: string, direction: MoveDirection, columns: number) => void;
  /** Puts the current breakpoint's default layout back; returns the layout it replaced. */
  reset: () => WidgetLayoutItem[] | null;
  /** Puts a layout of the current breakpoint back (the undo of reset). */
  restore: (layout: WidgetLayoutItem[]) => void;
  /**
   * Sets props of a widget type in every breakpoint's layout that has it (a choice such as
   * the chart's built-in view is the trader's, not one screen size's), and saves them.
   */
  setProps: (type: WidgetType, props: WidgetProps) => void;
}

/** The server's answer as layouts per breakpoint (an older server sends `layout` only). */
function fromServer(data: WidgetLayoutResponse | undefined): WidgetLayouts | null {
  if (!data) return null;
  return data.layouts ?? readWidgetLayouts(data.layout);
}

/**
 * The widget layouts, one per breakpoint (desktop 12 columns, phone 4 stacked), changed and
 * saved separately: removing a widget on the phone leaves the desktop layout as it is. The
 * browser keeps anonymous users' (completeLayout); the server signed-in users' (loaded once,
 * saved 250 ms after the last change).
 */
export function useDashboardLayout(): DashboardLayout {
  const signedIn = useSession() !== null;
  const breakpoint: LayoutBreakpoint = isMobileWidth(useWindowSize().width) ? 'mobile' : 'desktop';
  const client = useQueryClient();
  const query = useQuery({ ...widgetLayoutQueryOptions(), enabled: signedIn });
  const [draft, setDraft] = useState<WidgetLayouts | null>(null);
  const [anonymous] = useState(() => readWidgetLayouts(readStoredLayouts()));
  const layouts = draft ?? (signedIn ? fromServer(query.data) : anonymous);
  const layout = layouts?.[breakpoint] ?? null;
  // The freshest layouts for actions fired in a row (e.g. removeWidget then addWidget).
  const latest = useRef(layouts);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The breakpoints changed since the last save: only those are sent.
  const pending = useRef<Partial<WidgetLayouts>>({});
  const { mutate: save } = useMutation({
    mutationFn: saveWidgetLayouts,
    meta: { errorMessage: layoutMessages.save },
  });

  useEffect(() => {
    latest.current = layouts;
  }, [layouts]);
  useEffect(() => {
    if (layout) writeActiveWidgets(layout);
  }, [layout]);
  // Leaving the dashboard within the debounce still saves the last change.
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const changed = pending.current;
    pending.current = {};
    if (Object.keys(changed).length > 0) save(changed);
  }, [save]);
  useEffect(() => flush, [flush]);

  // Stores changed breakpoints: in the browser for anonymous users, else on the server.
  const commitLayouts = useCallback(
    (changed: Partial<WidgetLayouts>) => {
      if (!latest.current) return;
      const all = { ...latest.current, ...changed };
      latest.current = all;
      setDraft(all);
      if (!signedIn) return writeStoredLayouts(all);
      client.setQueryData<WidgetLayoutResponse>(layoutKeys.layout, {
        layout: all.desktop,
        layouts: all,
      });
      pending.current = { ...pending.current, ...changed };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, TIMERS_MS.resizeDebounce);
    },
    [signedIn, client, flush],
  );
  const commit = useCallback(
    (next: WidgetLayoutItem[]) => commitLayouts({ [breakpoint]: next }),
    [breakpoint, commitLayouts],
  );

  return useMemo(() => {
    const current = () => latest.current?.[breakpoint] ?? null;
    const columns = breakpoint === 'desktop' ? GRID.columns : GRID.mobileColumns;
    return {
      layout,
      breakpoint,
      add: (type, lastSymbol) => {
        const from = current();
        if (!from) return false;
        const options = {
          savedPositions: readRemovedPositions(breakpoint),
          columns,
          ...(lastSymbol ? { lastSymbol } : {}),
        };
        const result = addWidget(from, type, options);
        if (!result.added || !latest.current) return result.added;
        // A chart closed and opened again keeps the chart the trader chose.
        const carried = carriedChoices(latest.current, type, readWidgetChoices()[type]);
        commit(
          Object.keys(carried).length === 0
            ? result.layout
            : withProps({ ...latest.current, [breakpoint]: result.layout }, type, carried)[
                breakpoint
              ]!,
        );
        return true;
      },
      remove: (idOrType) => {
        const from = current();
        if (!from) return false;
        const result = removeWidget(from, idOrType);
        if (!result.removed) return false;
        rememberRemovedPosition(result.removed, breakpoint);
        commit(result.layout);
        return true;
      },
      onGridChange: (positions) => {
        const from = current();
        if (!from) return;
        const next = mergePositions(from, positions);
        if (next !== from) commit(next);
      },
      move: (id, direction, moveColumns) => {
        const from = current();
        if (!from) return;
        const next = moveWidget(from, id, direction, moveColumns);
        if (next !== from) commit(next);
      },
      reset: () => {
        const from = current();
        if (!from) return null;
        commit(defaultLayoutFor(breakpoint));
        return from;
      },
      restore: (previous) => commit(previous),
      setProps: (type, props) => {
        if (!latest.current) return;
        const words = Object.entries(props).filter(([, v]) => typeof v === 'string');
        rememberWidgetChoice(type, Object.fromEntries(words) as Record<string, string>);
        const changed = withProps(latest.current, type, props);
        if (Object.keys(changed).length > 0) commitLayouts(changed);
      },
    };
  }, [layout, breakpoint, commit, commitLayouts]);
}
