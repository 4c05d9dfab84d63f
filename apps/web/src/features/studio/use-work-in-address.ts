import type { StudioWork } from '@chuhai/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { loadWorkPhoto, studioWorkQueryOptions } from './api/get-studio-work';

/** The address names the work on screen (?work=ID), so a reload opens it again. */
const OPEN_PARAM = 'work';

const TOOL_NAMES: Record<StudioWork['tool'], string> = { cutout: '抠图', replace: '换背景' };

/**
 * 抠图's and 换背景's 继续编辑: the work the address names is fetched (free) with its photo and
 * handed to `show`; a new result names itself (`nameInAddress`), so a reload shows it again, and a
 * new photo clears the address (`forget`). An expired or deleted work says so in `openError`.
 */
export function useWorkInAddress<Tool extends StudioWork['tool']>(options: {
  tool: Tool;
  signedIn: boolean;
  resultRef: RefObject<HTMLElement | null>;
  show: (work: Extract<StudioWork, { tool: Tool }>, photo: File) => void;
}) {
  const [params, setParams] = useSearchParams();
  const opened = Number(params.get(OPEN_PARAM)) || null;
  // The work on screen or on its way: the address following it does not fetch it again.
  const shown = useRef<number | null>(null);
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { tool, signedIn, show } = options;

  const setAddress = (id: number | null, replace: boolean) =>
    setParams(id ? { [OPEN_PARAM]: String(id) } : {}, { replace });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once per work named, not per render
  useEffect(() => {
    if (!opened || !signedIn || opened === shown.current) return;
    shown.current = opened;
    setOpening(true);
    setOpenError(null);
    const load = async () => {
      const work = await queryClient.fetchQuery(studioWorkQueryOptions(opened));
      if (work.tool !== tool) throw { msg: `这是「${TOOL_NAMES[work.tool]}」的作品，请在那里打开` };
      return { work: work as Extract<StudioWork, { tool: Tool }>, photo: await loadWorkPhoto(work) };
    };
    load()
      .then(({ work, photo }) => {
        if (shown.current !== opened) return;
        setOpening(false);
        show(work, photo);
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
    opening,
    openError,
    dismissOpenError: () => setOpenError(null),
    /** A new result on screen: the address names it (replacing, so Back does not reopen the one before). */
    nameInAddress: (id: number | undefined) => {
      if (!id) return;
      shown.current = id;
      if (id !== opened) setAddress(id, true);
    },
    /** A new photo: until its result is made, a reload shows the empty screen, not the one before. */
    forget: () => {
      shown.current = null;
      setOpening(false);
      setOpenError(null);
      if (opened) setAddress(null, true);
    },
    /** 继续编辑 in 最近作品: opens the work (a step Back can undo) and brings the result into view. */
    edit: (id: number) => {
      options.resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      if (id !== opened) setAddress(id, false);
    },
  };
}
