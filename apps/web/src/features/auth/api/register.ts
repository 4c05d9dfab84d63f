import type { LoginResult, RegisterBody } from '@chuhai/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/register/`: creates the account and returns a session. */
export function register(body: RegisterBody): Promise<LoginResult> {
  return api.post<LoginResult>('/api/v1/register/', body);
}

export const useRegister = () => useMutation({ mutationFn: register });
