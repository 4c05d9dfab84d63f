import { BulbOutlined } from '@ant-design/icons';
import { Grid } from 'antd';
import '../chat.css';

const EXAMPLES = [
  '帮我写一个蓝牙耳机的亚马逊英文标题，突出降噪和 40 小时续航',
  '买家说收到的杯子有裂痕，要求退款，帮我写一条英文回复',
  '我想把厨房收纳架卖到德国站，需要哪些认证？',
  '给一款露营灯写一个 20 秒的 TikTok 带货脚本',
] as const;

/** A new conversation: what to ask, with examples that fill the box when clicked. */
export function EmptyChat({ onExample }: { onExample: (question: string) => void }) {
  // The library sits beside the chat on wide screens (chat-screen.tsx), behind 「提示词」 elsewhere.
  const beside = Grid.useBreakpoint().xl !== false;
  const where = beside ? '右侧提示词库' : '右上角「提示词」里的提示词库';
  return (
    <div className="chat-empty">
      <h2>今天想解决什么运营问题？</h2>
      <p>写 Listing、回复买家、查合规、做营销，都可以直接问。{where}有 30 多个现成的卖家模板。</p>
      <div className="chat-empty__examples">
        {EXAMPLES.map((example) => (
          <button key={example} type="button" className="example-chip" onClick={() => onExample(example)}>
            <BulbOutlined /> {example}
          </button>
        ))}
      </div>
    </div>
  );
}
