/** Where result images live: local disk by default, any S3-compatible store at scale. */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The content type a key's extension stands for. */
export function contentTypeOf(key: string): string {
  return TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/** Keys are made by the server (`u/<user>/<kind>/<uuid>.<ext>`); anything else is refused. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9]+(\/[a-zA-Z0-9_-]+)*\/[a-zA-Z0-9_-]+\.(png|jpe?g|webp)$/.test(key);
}
