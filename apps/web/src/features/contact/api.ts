import { mutationOptions } from '@tanstack/react-query';
import type { ContactMessageRequest, ContactMessageResponse } from '@tb/core';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/contact: the server stores the message and mails the admins, and answers whether
 * the mail went out. The form shows the outcome itself (no notification).
 */
export const sendContactMessageMutationOptions = () =>
  mutationOptions({
    mutationFn: (body: ContactMessageRequest) =>
      apiRequest<ContactMessageResponse>('/contact', { method: 'POST', body }),
  });
