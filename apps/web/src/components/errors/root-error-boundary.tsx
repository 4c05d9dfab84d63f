import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForNewBuild } from '../../lib/chunk-reload';
import { ErrorFallback } from './error-fallback';

interface State {
  error: unknown;
}

/** The root error boundary: a failed lazy chunk (after a deploy) reloads once; anything else is shown. */
export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error) && reloadOnceForNewBuild()) return;
    console.error('页面渲染出错', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <ErrorFallback error={this.state.error} onRetry={() => window.location.reload()} />;
    }
    return this.props.children;
  }
}
