import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { useAuthStore } from '../../stores/auth-store';
import { accountInfoKey } from './get-account-info';

/** `POST /api/v1/logout/`: revokes the session on the server. */
export function logout(): Promise<null> {
  return api.post<null>('/api/v1/logout/', {}, { noError: true });
}

/**
 * Logout as spec section 4 says: the server revokes the session, then the token and userinfo are
 * deleted, the user store and account info cleared, and the route replaced with /login. A failed
 * revoke (offline) still signs out here.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Signed out locally either way; the server session then simply expires.
    }
    useAuthStore.getState().clear();
    queryClient.removeQueries({ queryKey: accountInfoKey });
    navigate(paths.login.getHref(), { replace: true });
  }, [navigate, queryClient]);
}
