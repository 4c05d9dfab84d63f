import { Form, InputNumber, Switch } from 'antd';

/**
 * The last row of a console dialog whose items the sellers see in order: 排序 (smaller first) and the
 * switch that shows the item to them (`shownLabel`: 显示 for a library prompt, 在售 for a plan).
 */
export function SortOrderRow(props: { shownLabel: string }) {
  return (
    <div className="admin-form-row">
      <Form.Item name="sortOrder" label="排序（小的在前）">
        <InputNumber min={0} max={999} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" label={props.shownLabel} valuePropName="checked">
        <Switch />
      </Form.Item>
    </div>
  );
}
