import type { StoredImage } from '@chuhai/contract';
import { create } from 'zustand';
import { useAuthStore } from '../../stores/auth-store';

/** A cut-out of one photo, and whether the seller corrected it with the 修补 brush. */
export interface RememberedCutout {
  cutout: StoredImage;
  touchedUp: boolean;
}

interface CutoutMemory {
  /** The latest cut-out of each photo this tab has seen cut, by `photoKey`. */
  byPhoto: Record<string, RememberedCutout>;
  /** Photos 抠图 sends to 换背景 (its 「换背景」 button), taken once by the 换背景 screen. */
  handedOff: File[];
  remember: (photo: File, cutout: StoredImage, touchedUp?: boolean) => void;
  handOff: (photos: File[]) => void;
  takeHandedOff: () => File[];
}

/**
 * The same photo chosen again (on 抠图, then 换背景) is a new File object with the same name, size
 * and modification time.
 */
export const photoKey = (photo: File) => `${photo.name}|${photo.size}|${photo.lastModified}`;

/**
 * Which cut-out is the seller's latest for each photo, so 换背景 starts from it (a brushed one
 * included) instead of cutting the photo again. Kept for the tab's life only: cut-outs belong to
 * the signed-in seller, so another sign-in forgets them.
 */
export const useCutoutMemory = create<CutoutMemory>()((set, get) => ({
  byPhoto: {},
  handedOff: [],
  remember: (photo, cutout, touchedUp = false) =>
    set((state) => ({ byPhoto: { ...state.byPhoto, [photoKey(photo)]: { cutout, touchedUp } } })),
  handOff: (photos) => set({ handedOff: photos }),
  takeHandedOff: () => {
    const photos = get().handedOff;
    if (photos.length) set({ handedOff: [] });
    return photos;
  },
}));

useAuthStore.subscribe((state, previous) => {
  if (state.token !== previous.token) useCutoutMemory.setState({ byPhoto: {}, handedOff: [] });
});
