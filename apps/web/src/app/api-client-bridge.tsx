import { App, Button } from 'antd';
import { useEffect } from 'react';
import { configureApiClient } from '../lib/api-client';
import { router } from './router';

/**
 * Connects the API client to the app: error toasts through `App.useApp()` (so they follow the
 * theme), navigation through the router, and the 发现新版本 notice.
 */
export function ApiClientBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    let newBuildShown = false;
    configureApiClient({
      notifyError: (text) => void message.error(text),
      redirectToLogin: () => void router.navigate('/login'),
      currentPath: () => router.state.location.pathname,
      onNewBuild: () => {
        if (newBuildShown) return;
        newBuildShown = true;
        notification.info({
          key: 'new-build',
          title: '发现新版本',
          description: '网站已更新，刷新后即可使用最新功能。',
          duration: 0,
          actions: (
            <Button type="primary" size="small" onClick={() => window.location.reload()}>
              点击刷新
            </Button>
          ),
        });
      },
    });
  }, [message, notification]);
  return null;
}
