import { type Static, Type } from 'typebox';
import { Page } from './paging.ts';

/** AI 绘画 (spec section 7 `/api/v1/createImage/`; PRODUCT.md "Images"). */

export const IMAGE_SIZES = ['1024x1024', '1024x1792', '1792x1024'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const IMAGE_SIZE_NAMES: Record<ImageSize, string> = {
  '1024x1024': '方图 1:1',
  '1024x1792': '竖图 9:16',
  '1792x1024': '横图 16:9',
};

export const DRAW_LIMITS = { promptMaxLength: 1000 } as const;

export const CreateImageBody = Type.Object({
  prompt: Type.String({ maxLength: DRAW_LIMITS.promptMaxLength + 1000 }),
  imageSize: Type.Optional(Type.String({ maxLength: 20 })),
});
export type CreateImageBody = Static<typeof CreateImageBody>;

export const DrawnImage = Type.Object({
  id: Type.Integer(),
  prompt: Type.String(),
  imageSize: Type.String(),
  /** A signed link to the stored file, valid for a while; only its owner is given one. */
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  createdAt: Type.Number(),
});
export type DrawnImage = Static<typeof DrawnImage>;

export const DrawnImagePage = Page(DrawnImage);
export type DrawnImagePage = Static<typeof DrawnImagePage>;

export const DrawConfig = Type.Object({
  configured: Type.Boolean(),
  provider: Type.String(),
  hint: Type.String(),
});
export type DrawConfig = Static<typeof DrawConfig>;
