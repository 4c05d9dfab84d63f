import { UI } from '@chuhai/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { RootErrorBoundary } from '../components/errors/root-error-boundary';
import { resetChatStore } from '../features/chat/stores/chat-store';
import { useAuthStore } from '../stores/auth-store';
import { useThemeStore } from '../stores/theme-store';
import { ApiClientBridge } from './api-client-bridge';

dayjs.locale('zh-cn');

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

/** ErrorBoundary > ConfigProvider (zh_CN + theme) > antd App > QueryClient, as ARCHITECTURE.md lays out. */
export function AppProvider({ children }: { children: ReactNode }) {
  const themeName = useThemeStore((s) => s.themeName);
  return (
    <RootErrorBoundary>
      <ConfigProvider
        locale={zhCN}
        theme={{
          algorithm: themeName === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
          token: { colorPrimary: '#1b5cff', borderRadius: 8, zIndexPopupBase: UI.zIndexBase },
        }}
      >
        <AntdApp message={{ top: UI.toastOffsetPx, duration: UI.toastDurationMs / 1000 }}>
          <QueryClientProvider client={queryClient}>
            <ApiClientBridge />
            {children}
          </QueryClientProvider>
        </AntdApp>
      </ConfigProvider>
    </RootErrorBoundary>
  );
}
