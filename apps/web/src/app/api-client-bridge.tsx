import { App, Button } from 'antd';
import { useEffect } from 'react';
import { configureApiClient } from '../lib/api-client';
import { earlyNotices } from './early-notices';

/**
 * Connects the API client's toasts to antd: error toasts through `App.useApp()` (so they follow the
 * theme) and the 发现新版本 notice. Mounted with antd (`AntdRoot`); navigation is connected at
 * start (`connectRouter` in main.tsx), before antd arrives.
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
    configureApiClient({ notifyError: (text) => void message.error(text), onNewBuild: showNewBuild });
    // What the home page asked to show before antd had arrived.
    for (const text of earlyNotices.errors.splice(0)) void message.error(text);
    if (earlyNotices.newBuild) showNewBuild();
  }, [message, notification]);
  return null;
}
