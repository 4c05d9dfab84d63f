import { type EditPasswordResult, editPasswordSignature } from '@chuhai/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface EditPasswordInput {
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** `POST /api/v1/editPassword/`: signed with the username, the current second and the code. */
export function editPassword(input: EditPasswordInput): Promise<EditPasswordResult> {
  const ts = Math.floor(Date.now() / 1000);
  return api.post<EditPasswordResult>('/api/v1/editPassword/', {
    username: input.phone,
    code: input.code,
    password: input.password,
    confirmPassword: input.confirmPassword,
    ts,
    sign: editPasswordSignature(input.phone, ts, input.code),
  });
}

export const useEditPassword = () => useMutation({ mutationFn: editPassword });
