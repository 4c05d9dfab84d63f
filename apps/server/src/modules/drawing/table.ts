import type { Generated } from 'kysely';

/** One image drawn for a user from a prompt. */
export interface DrawnImageTable {
  id: Generated<number>;
  user_id: number;
  prompt: string;
  /** The size asked for (1024x1024…); width and height are what the provider delivered. */
  image_size: string;
  file_key: string;
  width: number;
  height: number;
  provider: string;
  created_at: number;
}

export interface DrawingTables {
  drawn_images: DrawnImageTable;
}
