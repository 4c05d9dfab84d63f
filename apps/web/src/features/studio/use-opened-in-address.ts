import { type RefObject, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A result the address names (`?<param>=ID`), so a reload or 继续编辑 in 最近作品 opens it again:
 * the one named is fetched once with `load` (free) and handed to `show`; a new result names itself
 * (`nameInAddress`, replacing, so Back does not reopen the one before), a new upload clears the
 * address (`forget`). One that cannot be opened (expired, deleted) says so in `openError`.
 */
export function useOpenedInAddress<T>(options: {
  param: string;
  signedIn: boolean;
  resultRef: RefObject<HTMLElement | null>;
  load: (id: number) => Promise<T>;
  show: (opened: T) => void;
  /** Called as an opening starts (the screen clears what it showed). */
  onOpening?: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const { param, signedIn } = options;
  const opened = Number(params.get(param)) || null;
  // The result on screen or on its way: the address following it does not fetch it again.
  const shown = useRef<number | null>(null);
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);

  const setAddress = (id: number | null, replace: boolean) =>
    setParams(id ? { [param]: String(id) } : {}, { replace });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once per result named, not per render
  useEffect(() => {
    if (!opened || !signedIn || opened === shown.current) return;
    shown.current = opened;
    setOpening(true);
    setOpenError(null);
    options.onOpening?.();
    options
      .load(opened)
      .then((result) => {
        if (shown.current !== opened) return;
        setOpening(false);
        options.show(result);
      })
      .catch((failure: { msg?: string }) => {
        if (shown.current !== opened) return;
        shown.current = null;
        setOpening(false);
        setOpenError(failure.msg ?? '打开失败，请稍后再试');
        setAddress(null, true);
      });
  }, [opened, signedIn]);

  return {
    opened,
    opening,
    openError,
    dismissOpenError: () => setOpenError(null),
    /** A new result on screen: the address names it. */
    nameInAddress: (id: number | undefined) => {
      if (!id) return;
      shown.current = id;
      if (id !== opened) setAddress(id, true);
    },
    /** A new upload: until its result is made, a reload shows the empty screen, not the one before. */
    forget: () => {
      shown.current = null;
      setOpening(false);
      setOpenError(null);
      if (opened) setAddress(null, true);
    },
    /** 继续编辑 in 最近作品: opens the result (a step Back can undo) and brings it into view. */
    edit: (id: number) => {
      options.resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      if (id !== opened) setAddress(id, false);
    },
  };
}
