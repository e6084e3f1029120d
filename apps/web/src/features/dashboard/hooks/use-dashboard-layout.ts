import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addWidget,
  defaultWidgetLayout,
  removeWidget,
  TIMERS_MS,
  type WidgetLayoutItem,
  type WidgetType,
} from '@tb/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '@/lib/use-session';
import { layoutKeys, layoutMessages, saveWidgetLayout, widgetLayoutQueryOptions } from '../api';
import { mergePositions, moveWidget, type GridPosition, type MoveDirection } from '../layout-moves';
import {
  readRemovedPositions,
  readStoredLayout,
  rememberRemovedPosition,
  writeStoredLayout,
} from '../layout-storage';

export interface DashboardLayout {
  /** null while a signed-in user's layout loads. */
  layout: WidgetLayoutItem[] | null;
  add: (type: WidgetType, lastSymbol?: string) => boolean;
  remove: (idOrType: string) => boolean;
  onGridChange: (positions: readonly GridPosition[]) => void;
  move: (id: string, direction: MoveDirection, columns: number) => void;
}

/**
 * The widget layout: the browser's copy for anonymous users (completeLayout), the server's
 * for signed-in users (loaded once, saved 250 ms after the last change).
 */
export function useDashboardLayout(): DashboardLayout {
  const signedIn = useSession() !== null;
  const client = useQueryClient();
  const query = useQuery({ ...widgetLayoutQueryOptions(), enabled: signedIn });
  const [draft, setDraft] = useState<WidgetLayoutItem[] | null>(null);
  const [anonymous] = useState(() => readStoredLayout() ?? defaultWidgetLayout());
  const layout = draft ?? (signedIn ? (query.data?.layout ?? null) : anonymous);
  // The freshest layout for actions fired in a row (e.g. removeWidget then addWidget).
  const latest = useRef(layout);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { mutate: save } = useMutation({
    mutationFn: saveWidgetLayout,
    meta: { errorMessage: layoutMessages.save },
  });

  useEffect(() => {
    latest.current = layout;
    if (layout) writeStoredLayout(layout, false);
  }, [layout]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = useCallback(
    (next: WidgetLayoutItem[]) => {
      latest.current = next;
      setDraft(next);
      if (!signedIn) return writeStoredLayout(next, true);
      client.setQueryData(layoutKeys.layout, { layout: next });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => save(next), TIMERS_MS.resizeDebounce);
    },
    [signedIn, client, save],
  );

  return useMemo(
    () => ({
      layout,
      add: (type, lastSymbol) => {
        if (!latest.current) return false;
        const options = {
          savedPositions: readRemovedPositions(),
          ...(lastSymbol ? { lastSymbol } : {}),
        };
        const result = addWidget(latest.current, type, options);
        if (result.added) commit(result.layout);
        return result.added;
      },
      remove: (idOrType) => {
        if (!latest.current) return false;
        const result = removeWidget(latest.current, idOrType);
        if (!result.removed) return false;
        rememberRemovedPosition(result.removed);
        commit(result.layout);
        return true;
      },
      onGridChange: (positions) => {
        if (!latest.current) return;
        const next = mergePositions(latest.current, positions);
        if (next !== latest.current) commit(next);
      },
      move: (id, direction, columns) => {
        if (!latest.current) return;
        const next = moveWidget(latest.current, id, direction, columns);
        if (next !== latest.current) commit(next);
      },
    }),
    [layout, commit],
  );
}
