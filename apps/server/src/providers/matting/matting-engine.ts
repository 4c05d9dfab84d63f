/**
 * Matting (cut-out): finds the product in a photo. The result is an alpha mask at the image's own
 * size, one byte per pixel (255 = product, 0 = background), so every later step (cut-out PNG, white
 * main image, new background, the main-image check) works from the same mask.
 */
/** Adapters throw ProviderError; a full queue is `busy` with the seconds to wait. */
export interface MattingEngine {
  readonly name: string;
  /** `image`: an upright, checked JPEG, PNG or WebP. */
  matte(image: Buffer): Promise<AlphaMask>;
  /** Loads the model now rather than on the first upload (a local model: each worker mattes a blank picture). */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export interface AlphaMask {
  mask: Buffer;
  width: number;
  height: number;
}
