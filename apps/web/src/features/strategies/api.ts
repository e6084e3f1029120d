import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  formatStrategyMonth,
  type CreateStrategyRequest,
  type PublishStrategyResponse,
  type StrategiesResponse,
  type StrategyCell,
  type StrategyResponse,
} from '@tb/core';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/** Query keys of the monthly strategy; `strategyKeys.all` refreshes every strategy query. */
export const strategyKeys = {
  all: ['strategies'] as const,
  current: ['strategies', 'current'] as const,
  archive: ['strategies', 'archive'] as const,
  admin: ['strategies', 'admin'] as const,
};

/** How many archived strategies the archive and the shop ask for. */
export const ARCHIVE_LIMIT = 48;

/**
 * GET /api/strategies/current: this month's strategy (else the latest), or null when none has
 * been published yet (404). Only asked for a trader whose plan has the monthly strategy.
 */
export const currentStrategyQueryOptions = () =>
  queryOptions({
    queryKey: strategyKeys.current,
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest<StrategyResponse>('/strategies/current', { signal })).strategy;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

/** GET /api/strategies: the archive of published strategies, newest month first. */
export const strategyArchiveQueryOptions = () =>
  queryOptions({
    queryKey: strategyKeys.archive,
    queryFn: async ({ signal }) =>
      (await apiRequest<StrategiesResponse>(`/strategies?limit=${ARCHIVE_LIMIT}`, { signal }))
        .strategies,
    staleTime: 5 * 60_000,
  });

/**
 * GET /api/strategies/:id: one published strategy, or null when it does not exist or is not
 * published (404), so a link to an old strategy opens whatever the archive's length.
 */
export const strategyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...strategyKeys.all, 'one', id] as const,
    queryFn: async ({ signal }) => {
      try {
        const path = `/strategies/${encodeURIComponent(id)}`;
        return (await apiRequest<StrategyResponse>(path, { signal })).strategy;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

/** GET /api/admin/strategies: every strategy, drafts and published (admin). */
export const adminStrategiesQueryOptions = () =>
  queryOptions({
    queryKey: strategyKeys.admin,
    queryFn: async ({ signal }) =>
      (await apiRequest<StrategiesResponse>('/admin/strategies', { signal })).strategies,
  });

/** What the editor saves: title, Markdown text and the 25 cells. */
export interface StrategyDraft {
  title: string;
  body: string;
  board: StrategyCell[];
}

const strategyPath = (id: string) => `/admin/strategies/${encodeURIComponent(id)}`;

/** POST /api/admin/strategies (new) or PUT /api/admin/strategies/:id (edit). */
export const saveStrategyMutationOptions = () =>
  mutationOptions({
    mutationFn: async ({ id, draft }: { id: string | null; draft: StrategyDraft }) => {
      const body: CreateStrategyRequest = draft;
      const res = await apiRequest<StrategyResponse>(id ? strategyPath(id) : '/admin/strategies', {
        method: id ? 'PUT' : 'POST',
        body,
      });
      return res.strategy;
    },
    meta: { successMessage: 'Strategy saved' },
  });

/** POST /api/admin/strategies/:id/publish. */
export const publishStrategyMutationOptions = () =>
  mutationOptions({
    mutationFn: ({ id, month, mailSubscribers }: PublishVars) =>
      apiRequest<PublishStrategyResponse>(`${strategyPath(id)}/publish`, {
        method: 'POST',
        body: { month, mailSubscribers },
      }),
    meta: {
      successMessage: (data) => {
        const { strategy, mailsQueued } = data as PublishStrategyResponse;
        const mails =
          mailsQueued > 0
            ? ` ${mailsQueued} subscriber ${mailsQueued === 1 ? 'mail' : 'mails'} on the way.`
            : '';
        return `Published for ${strategy.month ? formatStrategyMonth(strategy.month) : 'the month'}.${mails}`;
      },
    },
  });

export interface PublishVars {
  id: string;
  month: string;
  mailSubscribers: boolean;
}

/** DELETE /api/admin/strategies/:id (a draft). */
export const deleteStrategyMutationOptions = () =>
  mutationOptions({
    mutationFn: (id: string) =>
      apiRequest<{ success: boolean }>(strategyPath(id), { method: 'DELETE' }),
    meta: { successMessage: 'Draft deleted' },
  });
