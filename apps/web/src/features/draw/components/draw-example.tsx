import { ExampleShowcase } from '../../../components/ui/example-showcase';
import { STYLE_PRESETS, type StylePreset } from '../style-presets';

/** The example AI 绘画 shows before the seller has drawn anything: a description, a style, a picture. */
export const DRAW_EXAMPLE = {
  description: '一瓶琥珀色玻璃精华液，黑色滴管瓶盖，立在奶油色圆形展台上，柔和侧光，产品摄影',
  preset: STYLE_PRESETS.find((p) => p.id === 'minimal') as StylePreset,
  image: `${import.meta.env.BASE_URL}examples/serum-podium.webp`,
};

/** 示例: what a description with a style gives; the button puts that description in the form. */
export function DrawExample(props: { onTry: () => void }) {
  return (
    <ExampleShowcase
      title="AI 绘画示例"
      hint="写一段描述、选一个风格，AI 帮你画出商品场景图"
      before={{
        label: '描述 + 风格',
        content: (
          <>
            <span>{DRAW_EXAMPLE.description}</span>
            <span className="draw-style-chip is-chosen">{DRAW_EXAMPLE.preset.name}</span>
          </>
        ),
      }}
      after={{ label: '示例效果', image: DRAW_EXAMPLE.image, alt: '示例效果：展台上的精华液' }}
      action="用示例描述试试"
      onAction={props.onTry}
    />
  );
}
