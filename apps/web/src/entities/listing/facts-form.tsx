import { EMPTY_LISTING_FACTS, type ListingFacts } from '@chuhai/contract';
import { Form, Input } from 'antd';
import './facts-form.css';

/** The form with nothing entered: the contract's, so a new fact field is added in one place. */
export const EMPTY_FACTS: ListingFacts = EMPTY_LISTING_FACTS;

/** What the seller knows about the product, in Chinese or any language; only the name is needed. */
export function FactsForm(props: { value: ListingFacts; onChange: (facts: ListingFacts) => void }) {
  /** One fact's input: its id (the label's htmlFor), value and change handler, all from its key. */
  const bind = (key: keyof ListingFacts) => ({
    id: `listing-${key}`,
    value: props.value[key],
    onChange: (e: { target: { value: string } }) => props.onChange({ ...props.value, [key]: e.target.value }),
  });
  return (
    <Form layout="vertical" component="div" className="listing-facts">
      <Form.Item label="商品名称" htmlFor="listing-productName" required>
        <Input {...bind('productName')} maxLength={120} placeholder="例如：304 不锈钢保温水杯" />
      </Form.Item>
      <div className="listing-facts__row">
        <Form.Item label="品牌" htmlFor="listing-brand">
          <Input {...bind('brand')} maxLength={60} placeholder="没有可不填" />
        </Form.Item>
        <Form.Item label="材质" htmlFor="listing-material">
          <Input {...bind('material')} maxLength={120} />
        </Form.Item>
        <Form.Item label="尺寸规格" htmlFor="listing-size">
          <Input {...bind('size')} maxLength={120} placeholder="如 750 ml" />
        </Form.Item>
      </div>
      <Form.Item label="卖点" htmlFor="listing-sellingPoints">
        <Input.TextArea
          {...bind('sellingPoints')}
          maxLength={1000}
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="每行一个：24 小时保冷、防漏杯盖、可放车载杯架…"
        />
      </Form.Item>
      <Form.Item label="关键词" htmlFor="listing-keywords">
        <Input {...bind('keywords')} maxLength={300} placeholder="买家会搜的词，用逗号分隔" />
      </Form.Item>
      <Form.Item label="包装清单" htmlFor="listing-inTheBox">
        <Input {...bind('inTheBox')} maxLength={300} placeholder="例如：水杯 1 个，清洁刷 1 个" />
      </Form.Item>
    </Form>
  );
}
