import { useMediaQuery } from '../../lib/use-media-query';

/** Whether the main pointer is a finger (a phone, a tablet), followed if it changes. */
export function useCoarsePointer(): boolean {
  return useMediaQuery('(pointer: coarse)');
}
