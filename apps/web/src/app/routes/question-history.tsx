import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';

const POINTS = [
  '按关键词搜索过去的问题与回答',
  '分页浏览，打开任意一次问答',
  '删除单条或多条记录，一键清空',
] as const;

export default function QuestionHistoryScreen() {
  return (
    <PageFrame title="问答历史" lead="查找、打开和管理过去的问答。">
      <UnderConstruction feature="问答历史" points={POINTS} />
    </PageFrame>
  );
}
