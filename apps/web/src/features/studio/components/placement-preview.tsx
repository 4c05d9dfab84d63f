import {
  contactShadow,
  PLACEMENT_LIMITS,
  type PlacementChoice,
  productLayerPosition,
  productLayerSize,
} from '@chuhai/contract';
import type { CSSProperties } from 'react';
import type { MeasuredProduct } from '../measure-product';

/** What the preview draws under the product. */
export type PreviewBackground =
  | { kind: 'library'; url: string }
  | { kind: 'color'; color: string }
  | { kind: 'prompt' }
  | null;

const SIZE = PLACEMENT_LIMITS.outputSize;
const share = (pixels: number) => `${((pixels / SIZE) * 100).toFixed(3)}%`;

/**
 * Where compose.ts will put the product's layer and its shadow on the output frame, in its pixels,
 * from the same contract functions, with the product measured on the cut-out's own pixels.
 */
export function previewLayout(product: MeasuredProduct, placement: PlacementChoice) {
  const layer = productLayerSize(product.crop, product.visible, placement.scale, SIZE);
  const { left, top } = productLayerPosition(layer, placement, SIZE);
  const { ratio } = layer;
  const base = product.base && {
    // The last layer row the base's last pixel row becomes, as compose.ts finds it on the scaled layer.
    bottom: (product.base.bottom + 1) * ratio - 1,
    left: product.base.left * ratio,
    right: (product.base.right + 1) * ratio - 1,
  };
  return {
    layer: { left, top, width: layer.width, height: layer.height, ratio },
    visible: {
      left: left + (product.visible.left - product.crop.left) * ratio,
      top: top + (product.visible.top - product.crop.top) * ratio,
      width: product.visible.width * ratio,
      height: product.visible.height * ratio,
    },
    shadow: base && contactShadow(base, left, top),
  };
}

/**
 * 换背景's free preview: the background, the contact shadow and the product as CSS layers placed
 * with the numbers compose.ts uses. Moving a slider only restyles them: no request, no use.
 */
export function PlacementPreview(props: {
  product: MeasuredProduct | null;
  measuring: boolean;
  background: PreviewBackground;
  placement: PlacementChoice;
  shadow: boolean;
}) {
  const { product, background, placement } = props;
  const layout = product && previewLayout(product, placement);
  const visible = layout?.visible;
  return (
    <figure className="bg-preview" aria-label="摆放预览">
      <div
        className={`bg-preview__frame${background?.kind === 'prompt' ? ' studio-checker' : ''}`}
        style={background?.kind === 'color' ? { background: background.color } : undefined}
        data-product-box={
          visible
            ? [visible.left, visible.top, visible.width, visible.height].map((n) => Math.round(n)).join(',')
            : undefined
        }
      >
        {background?.kind === 'library' ? (
          <img className="bg-preview__background" src={background.url} alt="" />
        ) : null}
        {layout?.shadow && props.shadow ? (
          <div
            className="bg-preview__shadow"
            data-testid="preview-shadow"
            style={
              {
                left: share(layout.shadow.cx - layout.shadow.rx),
                top: share(layout.shadow.cy - layout.shadow.ry),
                width: share(layout.shadow.rx * 2),
                height: share(layout.shadow.ry * 2),
                opacity: layout.shadow.opacity,
                '--blur': `${((layout.shadow.blur / SIZE) * 100).toFixed(3)}cqw`,
              } as CSSProperties
            }
          />
        ) : null}
        {product && layout ? (
          <div
            className="bg-preview__product"
            data-testid="preview-product"
            style={{
              left: share(layout.layer.left),
              top: share(layout.layer.top),
              width: share(layout.layer.width),
              height: share(layout.layer.height),
            }}
          >
            <img
              src={product.url}
              alt="商品"
              style={{
                left: `${((-product.crop.left * layout.layer.ratio) / layout.layer.width) * 100}%`,
                top: `${((-product.crop.top * layout.layer.ratio) / layout.layer.height) * 100}%`,
                width: `${((product.width * layout.layer.ratio) / layout.layer.width) * 100}%`,
                height: `${((product.height * layout.layer.ratio) / layout.layer.height) * 100}%`,
              }}
            />
          </div>
        ) : null}
        {background?.kind === 'prompt' ? (
          <span className="bg-preview__note">AI 场景生成后才能看到背景</span>
        ) : null}
      </div>
      <figcaption className="muted">
        {props.measuring
          ? '正在准备预览…'
          : !product
            ? '选择图片后，这里预览商品的位置、大小和阴影'
            : product.exact
              ? '预览用的是这张图的抠图，和生成的结果一致；拖动滑块不计次数'
              : '还没有抠图：预览按照片颜色估计商品轮廓，生成时会精确抠图，位置和大小可能略有出入；拖动滑块不计次数'}
      </figcaption>
    </figure>
  );
}
