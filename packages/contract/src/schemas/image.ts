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

/** `count`: images per prompt, each one AI 绘画 use; a request without it draws one, as the spec's call. */
export const DRAW_LIMITS = { promptMaxLength: 1000, minCount: 1, maxCount: 4, defaultCount: 1 } as const;

export const CreateImageBody = Type.Object({
  prompt: Type.String({ maxLength: DRAW_LIMITS.promptMaxLength + 1000 }),
  imageSize: Type.Optional(Type.String({ maxLength: 20 })),
  /** Checked by the service, so a wrong number gets its Chinese message. */
  count: Type.Optional(Type.Number()),
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

/** One image of a group that was not drawn: its place in the group and why (its use was given back). */
export const DrawFailure = Type.Object({ index: Type.Integer(), message: Type.String() });
export type DrawFailure = Static<typeof DrawFailure>;

/** The images of one prompt drawn together, in the order asked. */
export const DrawGroup = Type.Object({
  requested: Type.Integer(),
  images: Type.Array(DrawnImage),
  failures: Type.Array(DrawFailure),
});
export type DrawGroup = Static<typeof DrawGroup>;

/**
 * The answer to `createImage`: the (first) image drawn, as the spec's call has always answered, and,
 * when the request sent `count`, the whole group.
 */
export const CreatedImage = Type.Object({ ...DrawnImage.properties, group: Type.Optional(DrawGroup) });
export type CreatedImage = Static<typeof CreatedImage>;

export const DrawnImagePage = Page(DrawnImage);
export type DrawnImagePage = Static<typeof DrawnImagePage>;

export const DrawConfig = Type.Object({
  configured: Type.Boolean(),
  provider: Type.String(),
  hint: Type.String(),
});
export type DrawConfig = Static<typeof DrawConfig>;
