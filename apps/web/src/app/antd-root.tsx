import { UI } from '@chuhai/contract';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useThemeStore } from '../stores/theme-store';
import { antdTheme } from './antd-theme';
import { ApiClientBridge } from './api-client-bridge';

dayjs.locale('zh-cn');

/** ConfigProvider (zh_CN + theme) > antd App, with the API client's toasts: loaded by `ensureAntd`. */
export function AntdRoot({ children }: { children: ReactNode }) {
  const themeName = useThemeStore((s) => s.themeName);
  return (
    <ConfigProvider locale={zhCN} theme={antdTheme(themeName)}>
      <AntdApp message={{ top: UI.toastOffsetPx, duration: UI.toastDurationMs / 1000 }}>
        <ApiClientBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}
