import { STORAGE_KEYS } from '@chuhai/contract';
import { create } from 'zustand';
import { storage } from '../lib/storage';

/** What the client keeps about the signed-in user (spec section 3: at least the phone-like username). */
export interface StoredUser {
  username: string;
  phone: string;
}

interface AuthState {
  token: string | null;
  user: StoredUser | null;
  signIn: (token: string, user: StoredUser) => void;
  /** Logout: token and userinfo are deleted. */
  clear: () => void;
  /** An auth failure from the server (spec section 8): the token is deleted. */
  expire: () => void;
}

function readToken(): string | null {
  const token = storage.get<string>(STORAGE_KEYS.token);
  return typeof token === 'string' && token ? token : null;
}

function readUser(): StoredUser | null {
  const user = storage.get<StoredUser>(STORAGE_KEYS.userinfo);
  return user && typeof user === 'object' && typeof user.username === 'string' ? user : null;
}

export const useAuthStore = create<AuthState>()((set) => ({
  token: readToken(),
  user: readUser(),
  signIn: (token, user) => {
    storage.set(STORAGE_KEYS.token, token);
    storage.set(STORAGE_KEYS.userinfo, user);
    set({ token, user });
  },
  clear: () => {
    storage.remove(STORAGE_KEYS.token);
    storage.remove(STORAGE_KEYS.userinfo);
    set({ token: null, user: null });
  },
  expire: () => {
    storage.remove(STORAGE_KEYS.token);
    set({ token: null });
  },
}));

/** The token for request headers, read fresh so a tab that logged out elsewhere sends none. */
export function currentToken(): string | null {
  return readToken();
}
