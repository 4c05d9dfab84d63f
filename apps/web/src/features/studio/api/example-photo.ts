/**
 * The example product photo that ships with the app (apps/web/public/examples, made with the
 * project's own tools by scripts/make-examples.ts), and its results, for the empty screens.
 */
const example = (name: string) => `${import.meta.env.BASE_URL}examples/${name}`;

export const EXAMPLE_IMAGES = {
  /** The full-size photo the example run uploads. */
  photo: example('serum-photo.jpg'),
  /** Small copies for the before/after cards. */
  before: example('serum-before.webp'),
  cutout: example('serum-cutout.webp'),
  replaced: example('serum-window.webp'),
  /** 图片翻译: the photo with Chinese selling points, and its English version. */
  supplier: example('supplier-photo.jpg'),
  supplierBefore: example('supplier-before.webp'),
  supplierAfter: example('supplier-after.webp'),
} as const;

/** The library background the 换背景 example is shown on, and run with. */
export const EXAMPLE_BACKGROUND_ID = 'scene-window-light';

/** An example photo as a file, as if the seller had chosen it. */
export async function loadExamplePhoto(
  url: string = EXAMPLE_IMAGES.photo,
  name = '示例-精华液.jpg',
): Promise<File> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`example photo: HTTP ${response.status}`);
  return new File([await response.blob()], name, { type: 'image/jpeg' });
}
