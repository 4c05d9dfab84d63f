import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';

const POINTS = [
  '拖拽、粘贴或选择图片上传，前后对比查看抠图效果',
  '按亚马逊规则检查主图：纯白背景、商品占比约 85%、1000 像素以上、正方形',
  '按 Amazon、Shopee、TikTok Shop、Temu 尺寸一键导出',
] as const;

export default function ImageScreen() {
  return (
    <PageFrame title="智能做图 · 抠图" lead="抠出透明底产品图，生成平台合规的白底主图。">
      <UnderConstruction feature="抠图与白底主图" points={POINTS} />
    </PageFrame>
  );
}
