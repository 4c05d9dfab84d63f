/**
 * Matting (cut-out): finds the product in a photo. The result is an alpha mask at the image's own
 * size, one byte per pixel (255 = product, 0 = background), so every later step (cut-out PNG, white
 * main image, new background, the main-image check) works from the same mask.
 */
export interface MattingEngine {
  readonly name: string;
  /** `image`: an upright, checked JPEG, PNG or WebP. */
  matte(image: Buffer): Promise<AlphaMask>;
  /** Loads the model now rather than on the first upload. */
  warmUp(): void;
  close(): Promise<void>;
}

export interface AlphaMask {
  mask: Buffer;
  width: number;
  height: number;
}

/** Every worker is busy and the queue is full; the caller answers 429 with this wait. */
export class MattingBusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`matting is busy; retry in ${retryAfterSeconds}s`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
