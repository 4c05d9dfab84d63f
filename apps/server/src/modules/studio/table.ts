import type { StudioImageKind } from '@chuhai/contract';
import type { Generated } from 'kysely';

export type { StudioImageKind };

/** One image made in 智能做图; a main image can be made later from a stored cut-out. */
export interface StudioImageTable {
  id: Generated<number>;
  user_id: number;
  kind: StudioImageKind;
  file_key: string;
  width: number;
  height: number;
  created_at: number;
}

export interface StudioTables {
  studio_images: StudioImageTable;
}
