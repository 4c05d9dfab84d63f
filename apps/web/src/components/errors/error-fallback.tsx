import { isChunkLoadError } from '../../lib/chunk-reload';

/**
 * What a user sees when a screen fails: a plain explanation and a way forward. Plain markup, not
 * antd's Result: it is part of the shell, which must show even when antd itself failed to load.
 */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const chunk = isChunkLoadError(error);
  return (
    <div className="error-fallback" role="alert">
      <div
        className={`error-fallback__icon${chunk ? '' : ' error-fallback__icon--error'}`}
        aria-hidden="true"
      >
        {chunk ? 'i' : '!'}
      </div>
      <h2 className="error-fallback__title">{chunk ? '发现新版本' : '页面出错了'}</h2>
      <p className="error-fallback__text">
        {chunk
          ? '网站刚刚更新，刷新后即可使用最新版本。'
          : '抱歉，这个页面遇到了问题。可以重试，或回到首页。'}
      </p>
      <div className="error-fallback__actions">
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          {chunk ? '刷新页面' : '重试'}
        </button>
        <a className="btn" href="#/">
          回到首页
        </a>
      </div>
    </div>
  );
}
