import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnceForNewBuild } from '../../lib/chunk-reload';
import { ErrorFallback } from './error-fallback';

/** The router's error element: lazy routes fail here, not in React's boundary. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceForNewBuild();
    else console.error('路由出错', error);
  }, [error]);
  return <ErrorFallback error={error} onRetry={() => window.location.reload()} />;
}
