import type { StudioWork } from '@chuhai/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { loadWorkPhoto, studioWorkQueryOptions } from './api/get-studio-work';
import { useOpenedInAddress } from './use-opened-in-address';

const TOOL_NAMES: Record<StudioWork['tool'], string> = { cutout: '抠图', replace: '换背景' };

/**
 * 抠图's and 换背景's 继续编辑: the work the address names (?work=ID) is fetched (free) with its
 * photo and handed to `show`; one of the other tool says where to open it.
 */
export function useWorkInAddress<Tool extends StudioWork['tool']>(options: {
  tool: Tool;
  signedIn: boolean;
  resultRef: RefObject<HTMLElement | null>;
  show: (work: Extract<StudioWork, { tool: Tool }>, photo: File) => void;
}) {
  const queryClient = useQueryClient();
  const { tool } = options;
  return useOpenedInAddress({
    param: 'work',
    signedIn: options.signedIn,
    resultRef: options.resultRef,
    load: async (id) => {
      const work = await queryClient.fetchQuery(studioWorkQueryOptions(id));
      if (work.tool !== tool) throw { msg: `这是「${TOOL_NAMES[work.tool]}」的作品，请在那里打开` };
      return { work: work as Extract<StudioWork, { tool: Tool }>, photo: await loadWorkPhoto(work) };
    },
    show: ({ work, photo }) => options.show(work, photo),
  });
}
