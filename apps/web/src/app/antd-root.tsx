import { UI } from '@chuhai/contract';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useThemeStore } from '../stores/theme-store';
import { ApiClientBridge } from './api-client-bridge';

dayjs.locale('zh-cn');

/**
 * antd's dark algorithm paints cards and tables near-black (#141414) on a black layout; ours is navy
 * (styles/tokens.css `body.__theme_dark`, the colours here are the same). Without these the pages
 * made of antd cards (个人中心, 购买, 邀请) looked black beside the navy rest.
 */
const DARK_SURFACES = {
  colorBgLayout: '#0f1420',
  colorBgContainer: '#171d2b',
  colorBgElevated: '#1e2636',
  colorBorder: '#2a3346',
  colorBorderSecondary: '#2a3346',
};

/** ConfigProvider (zh_CN + theme) > antd App, with the API client's toasts: loaded by `ensureAntd`. */
export function AntdRoot({ children }: { children: ReactNode }) {
  const themeName = useThemeStore((s) => s.themeName);
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{
        algorithm: themeName === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        // The body's font (global.css), so the shell does not change typeface when antd arrives.
        token: {
          colorPrimary: '#1b5cff',
          borderRadius: 8,
          zIndexPopupBase: UI.zIndexBase,
          fontFamily: 'inherit',
          ...(themeName === 'dark' ? DARK_SURFACES : {}),
        },
      }}
    >
      <AntdApp message={{ top: UI.toastOffsetPx, duration: UI.toastDurationMs / 1000 }}>
        <ApiClientBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}
