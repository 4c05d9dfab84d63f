import type { KeptText, TranslateResult } from '@chuhai/contract';
import { Button, Popconfirm, Tag, Tooltip } from 'antd';

/** The blocks the translation left on the product, as printed there. */
export const productTextOf = (result: Pick<TranslateResult, 'kept'>): KeptText[] =>
  result.kept.filter((k) => k.reason === 'product');

/**
 * Chinese the translation left as it was on purpose, not on the product: a brand's logo (「金可儿床垫」
 * under KING KOIL), a line that is all words the seller keeps. It is still on the picture, and not
 * counted as leftover: without a word about it, 未发现残留中文 sat beside Chinese plain to see.
 */
export function KeptAsIsTag(props: { result: Pick<TranslateResult, 'kept'> }) {
  const kept = props.result.kept.filter((k) => k.reason === 'keep');
  if (kept.length === 0) return null;
  return (
    <Tooltip
      title={`品牌标志和不译的词按原样保留，不算残留中文：${kept.map((k) => k.text.replace(/\n/g, ' ')).join('、')}`}
    >
      <Tag color="blue">{kept.length} 处中文按原样保留</Tag>
    </Tooltip>
  );
}

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
