import type { LoginBody, LoginResult } from '@chuhai/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/login/`: with a password, or with an SMS code. */
export function login(body: LoginBody): Promise<LoginResult> {
  return api.post<LoginResult>('/api/v1/login/', body);
}

export const useLogin = () => useMutation({ mutationFn: login });
