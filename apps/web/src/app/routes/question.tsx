import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';

const POINTS = [
  '流式显示回答，随时停止或重新生成',
  '使用内置 30+ 卖家提示词，或保存自己的提示词标签',
  '在标准模型与高级模型（VIP）之间切换',
] as const;

export default function QuestionScreen() {
  return (
    <PageFrame title="AI 问答" lead="像请教资深运营一样提问：Listing、客服回复、翻译本地化都能写。">
      <UnderConstruction feature="AI 问答" points={POINTS} />
    </PageFrame>
  );
}
