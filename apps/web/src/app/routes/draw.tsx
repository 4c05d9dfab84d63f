import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';

const POINTS = [
  '输入提示词并选择方图、竖图或横图',
  '查看生成进度，保存到我的图库',
  '下载作品，一键复用提示词',
] as const;

export default function DrawScreen() {
  return (
    <PageFrame title="AI 绘画" lead="输入描述，生成产品场景图、海报和社媒配图。">
      <UnderConstruction feature="AI 绘画" points={POINTS} />
    </PageFrame>
  );
}
