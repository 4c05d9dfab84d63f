import type { Generated } from 'kysely';

/** What a kept image is: an AI drawing, or a 智能做图 result. */
/**
 * `translate-bg`: a supplier image with its text erased, kept for the seller's edits of a translation;
 * `translate-src`: that image as it was (upright, at the working size), for 下载 PSD's original layer.
 */
export type StoredImageKind =
  | 'draw'
  | 'cutout'
  | 'main'
  | 'replace'
  | 'translate'
  | 'translate-bg'
  | 'translate-src'
  /** 一键出海: a photo uploaded for a job (the main photo or a detail picture). */
  | 'localise-photo';

/** One image the product keeps for a user; the file lives in the file store under `file_key`. */
export interface StoredImageTable {
  id: Generated<number>;
  user_id: number;
  kind: StoredImageKind;
  file_key: string;
  width: number;
  height: number;
  /** What it was drawn from (drawings; AI scenes later). */
  prompt: string | null;
  /** The size asked for (1024x1024…); width and height are what was delivered. */
  image_size: string | null;
  /** Who made it: the drawing provider's name. */
  provider: string | null;
  /**
   * 最近作品: what the picture is (the upload's name, the language, what its checks said, the
   * translation or work an earlier picture belongs to), JSON written by the feature that made it.
   */
  about: string | null;
  created_at: number;
  /** When the sweep removes the row and its file; null keeps it until its owner deletes it. */
  keep_until: number | null;
}

export interface StoredImageTables {
  stored_images: StoredImageTable;
}
