import { queryOptions } from '@tanstack/react-query';
import type { StoredWidgetLayouts, WidgetLayoutResponse } from '@tb/core';
import { apiRequest } from '@/lib/api-client';

export const layoutKeys = { layout: ['users', 'widget-layout'] as const };

export const layoutMessages = {
  load: 'Failed to load your widget layout',
  save: 'Failed to save your widget layout',
} as const;

/** GET /api/users/widget-layout (signed-in users only): `layouts` per breakpoint. */
export const widgetLayoutQueryOptions = () =>
  queryOptions({
    queryKey: layoutKeys.layout,
    queryFn: ({ signal }) => apiRequest<WidgetLayoutResponse>('/users/widget-layout', { signal }),
    staleTime: Infinity,
    meta: { errorMessage: layoutMessages.load },
  });

/** PUT /api/users/widget-layout with the layouts that changed (the others stay as stored). */
export function saveWidgetLayouts(
  layouts: Partial<StoredWidgetLayouts>,
): Promise<WidgetLayoutResponse> {
  return apiRequest<WidgetLayoutResponse>('/users/widget-layout', {
    method: 'PUT',
    body: { layouts },
  });
}
