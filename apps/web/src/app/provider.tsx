import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RootErrorBoundary } from '../components/errors/root-error-boundary';
import { resetChatStore } from '../features/chat/stores/chat-store';
import { useAuthStore } from '../stores/auth-store';
import { useAntdRoot } from './antd-loader';

const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts; a failed call is not retried behind the user's back.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

// Server state and the chat screen belong to one account: when the session changes (login, logout,
// expiry), nothing of the previous account may show to the next one. Removed, not reset: a reset
// would refetch the screens still mounted, without a token, and send the user to log in again.
useAuthStore.subscribe((state, previous) => {
  if (state.token === previous.token) return;
  resetChatStore();
  queryClient.removeQueries();
});

/**
 * ErrorBoundary > QueryClient > (ConfigProvider (zh_CN + theme) > antd App, once a screen needs
 * antd), as ARCHITECTURE.md lays out. When antd arrives the tree below is mounted afresh under it;
 * that happens as the user leaves the home page, while the next screen loads.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const AntdRoot = useAntdRoot();
  return (
    <RootErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {AntdRoot ? <AntdRoot>{children}</AntdRoot> : children}
      </QueryClientProvider>
    </RootErrorBoundary>
  );
}
