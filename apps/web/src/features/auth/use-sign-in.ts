import type { LoginResult } from '@chuhai/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuthStore } from '../../stores/auth-store';

/** Where to go after signing in: `?redirect=` when it is one of our own routes, else home. */
export function safeRedirect(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return paths.home.path;
  if (value.startsWith(paths.login.path) || value.startsWith(paths.register.path)) return paths.home.path;
  return value;
}

/** Stores the session (token and userinfo) and leaves the auth screen. */
export function useSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(
    (result: LoginResult) => {
      useAuthStore.getState().signIn(result.token, result.user);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    [navigate, params],
  );
}
