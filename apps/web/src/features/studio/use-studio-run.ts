import { useRef, useState } from 'react';
import { useRefreshAfterRun } from './api/refresh-after-run';
import { revealIfBelowFold } from './components/studio-bits';
import { useStudioFailure } from './components/use-studio-failure';

/** Reports how much of the upload has gone (0 to 1; 1 while the server works). */
export type ReportProgress = (share: number) => void;

/**
 * The run state every 智能做图 screen holds the same way: the result, the failure in the seller's
 * words, the upload's progress and the result section to scroll to. `start` is one run: it clears
 * the last outcome, keeps the new result or the failure, and then refreshes the quota and 最近作品
 * (a failed run may still have spent a use).
 */
export function useStudioRun<Result>(featureTitle: string) {
  const explain = useStudioFailure(featureTitle);
  const refreshAfterRun = useRefreshAfterRun();
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resultRef = useRef<HTMLElement>(null);

  const start = async (work: (onProgress: ReportProgress) => Promise<Result>) => {
    setError(null);
    setResult(null);
    setProgress(0);
    revealIfBelowFold(resultRef.current);
    try {
      setResult(await work(setProgress));
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setProgress(null);
      void refreshAfterRun();
    }
  };

  return {
    result,
    setResult,
    error,
    setError,
    progress,
    resultRef,
    start,
    explain,
    refreshAfterRun,
  };
}
