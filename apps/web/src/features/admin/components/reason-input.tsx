import { Form, Input } from 'antd';

/** Why an operator makes a change (kept in 操作日志): at least 2 characters; `message` when it is missing. */
export function ReasonInput({ message = '请写明原因' }: { message?: string }) {
  return (
    <Form.Item name="reason" label="原因" rules={[{ required: true, min: 2, message }]}>
      <Input maxLength={200} />
    </Form.Item>
  );
}
