import { type ComponentType, type ReactNode, useSyncExternalStore } from 'react';
import { configureApiClient } from '../lib/api-client';
import { earlyNotices } from './early-notices';

/**
 * antd arrives with the first screen that needs it, not with the home page: the shell (top bar,
 * footer, announcements) and the home screen are plain React and CSS, so a first visit downloads
 * about half the JavaScript. Every other screen's route waits for `ensureAntd()` before it renders.
 */
type AntdRoot = ComponentType<{ children: ReactNode }>;

let root: AntdRoot | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function ensureAntd(): Promise<void> {
  loading ??= import('./antd-root').then((module) => {
    root = module.AntdRoot;
    for (const listener of listeners) listener();
  });
  return loading;
}

/** The antd provider once loaded, else null. */
export function useAntdRoot(): AntdRoot | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => root,
  );
}

/** Until antd is here, a failure toast or the 发现新版本 notice waits for it (and fetches it). */
export function queueEarlyNotices(): void {
  configureApiClient({
    notifyError: (text) => {
      earlyNotices.errors.push(text);
      void ensureAntd();
    },
    onNewBuild: () => {
      earlyNotices.newBuild = true;
      void ensureAntd();
    },
  });
}
