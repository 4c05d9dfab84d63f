import { Button, Result } from 'antd';
import { isChunkLoadError } from '../../lib/chunk-reload';

/** What a user sees when a screen fails: a plain explanation and a way forward. */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const chunk = isChunkLoadError(error);
  return (
    <Result
      status={chunk ? 'info' : 'error'}
      title={chunk ? '发现新版本' : '页面出错了'}
      subTitle={
        chunk ? '网站刚刚更新，刷新后即可使用最新版本。' : '抱歉，这个页面遇到了问题。可以重试，或回到首页。'
      }
      extra={[
        <Button type="primary" key="retry" onClick={onRetry}>
          {chunk ? '刷新页面' : '重试'}
        </Button>,
        <Button key="home" href="#/">
          回到首页
        </Button>,
      ]}
    />
  );
}
