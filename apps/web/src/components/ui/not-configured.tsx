import { ApiOutlined } from '@ant-design/icons';
import { Result } from 'antd';

/** No model configured on the server: say plainly what an operator must set, instead of a broken chat. */
export function ChatNotConfigured({ hint }: { hint: string }) {
  return (
    <Result
      icon={<ApiOutlined />}
      status="warning"
      title="AI 问答暂未开通"
      subTitle={hint}
      className="chat-not-configured"
    />
  );
}
