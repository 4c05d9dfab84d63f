import { UI } from '@chuhai/contract';
import { useEffect, useState } from 'react';

/**
 * A full-area loading overlay (plain CSS: the route fallback shows it before antd has arrived). When `visible` turns false it fades out over 400 ms (spec section 9)
 * and only then leaves the page.
 */
export function LoadingOverlay({ visible, tip = '加载中…' }: { visible: boolean; tip?: string }) {
  const [mounted, setMounted] = useState(visible);
  useEffect(() => {
    if (visible) {
      setMounted(true);
      return;
    }
    const timer = setTimeout(() => setMounted(false), UI.loadingCloseDelayMs);
    return () => clearTimeout(timer);
  }, [visible]);
  if (!mounted) return null;
  return (
    <div
      className={`loading-overlay${visible ? '' : ' loading-overlay--closing'}`}
      style={{ transitionDuration: `${UI.loadingCloseDelayMs}ms`, zIndex: UI.zIndexBase }}
      role="status"
      aria-live="polite"
    >
      <span className="spinner" aria-hidden="true" />
      <span className="loading-overlay__tip">{tip}</span>
    </div>
  );
}

/** Shown while a lazy screen loads. */
export function RouteLoading() {
  return <LoadingOverlay visible />;
}
