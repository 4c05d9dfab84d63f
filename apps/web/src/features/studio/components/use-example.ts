import { useState } from 'react';

/**
 * 用示例图片试试 on the 智能做图 screens: runs `use` (load the bundled photo, hand it to the screen's
 * own flow) with the button's loading state, and says so in Chinese when the photo cannot be loaded.
 */
export function useTryExample(onError: (message: string) => void) {
  const [loading, setLoading] = useState(false);
  const tryWith = async (use: () => Promise<void>) => {
    setLoading(true);
    try {
      await use();
    } catch {
      onError('示例图片加载失败，请刷新页面后再试');
    } finally {
      setLoading(false);
    }
  };
  return { loading, tryWith };
}
