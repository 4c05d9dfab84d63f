import { App, Button } from 'antd';
import { useEffect } from 'react';
import { paths } from '../config/paths';
import { configureApiClient } from '../lib/api-client';
import { earlyNotices } from './antd-loader';
import { router } from './router';

/**
 * Connects the API client to the app: error toasts through `App.useApp()` (so they follow the
 * theme), navigation through the router, and the 发现新版本 notice. Mounted with antd (`AntdRoot`).
 */
export function ApiClientBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    let newBuildShown = false;
    const showNewBuild = () => {
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
    };
    configureApiClient({
      notifyError: (text) => void message.error(text),
      // Back to where the user was after logging in again.
      redirectToLogin: () => {
        const { pathname, search } = router.state.location;
        if (pathname === paths.login.path) return;
        void router.navigate(paths.login.getHref({ redirect: pathname + search }), { replace: true });
      },
      currentPath: () => router.state.location.pathname,
      onNewBuild: showNewBuild,
    });
    // What the home page asked to show before antd had arrived.
    for (const text of earlyNotices.errors.splice(0)) void message.error(text);
    if (earlyNotices.newBuild) showNewBuild();
  }, [message, notification]);
  return null;
}
