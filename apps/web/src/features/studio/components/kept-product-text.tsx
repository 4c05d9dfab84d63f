import type { KeptText, TranslateResult } from '@chuhai/contract';
import { Button, Popconfirm, Tag, Tooltip } from 'antd';

/** The blocks the translation left on the product, as printed there. */
export const productTextOf = (result: Pick<TranslateResult, 'kept'>): KeptText[] =>
  result.kept.filter((k) => k.reason === 'product');

/**
 * 「商品上的文字 N 处已保留」 in the result's head, what they say on hover, and the way to translate
 * them anyway: the whole image again with the product's text translated too (one more use).
 */
export function KeptProductTag(props: { result: TranslateResult; onTranslateToo: () => void }) {
  const kept = productTextOf(props.result);
  if (kept.length === 0) return null;
  return (
    <>
      <Tooltip title={`保留原样：${kept.map((k) => k.text.replace(/\n/g, ' ')).join('、')}`}>
        <Tag color="blue">商品上的文字 {kept.length} 处已保留</Tag>
      </Tooltip>
      <Popconfirm
        title="连商品上的文字一起翻译？"
        description="整张图重新翻译，计 1 次"
        okText="一起翻译"
        cancelText="取消"
        onConfirm={props.onTranslateToo}
      >
        <Button size="small">也翻译商品上的文字</Button>
      </Popconfirm>
    </>
  );
}
