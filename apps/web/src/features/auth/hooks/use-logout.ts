import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, readSession } from '@/lib/session';
import { logoutRequest } from '../api';

/**
 * SPEC.md section 4: tell the server (a failure does not matter), clear the local session but
 * keep lastSession, forget cached user data, and go Home.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const session = readSession();
    if (session) void logoutRequest(session.token).catch(() => undefined);
    clearSession(new Date());
    queryClient.clear();
    void navigate('/');
  }, [navigate, queryClient]);
}
