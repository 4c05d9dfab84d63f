import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';

const POINTS = [
  '一次上传 1 到 10 张产品图',
  '从纯色、渐变、影棚、纹理、场景、节日背景库中选择，或输入场景描述',
  '调整产品大小与位置，批量下载结果',
] as const;

export default function BackgroundScreen() {
  return (
    <PageFrame title="智能做图 · 换背景" lead="把产品放到新的背景里，自动加柔和投影。">
      <UnderConstruction feature="换背景" points={POINTS} />
    </PageFrame>
  );
}
