import { RedoOutlined } from '@ant-design/icons';
import { type DrawnImage, PAGE_SIZE } from '@chuhai/contract';
import { Button, Empty, Tooltip } from 'antd';
import { ImageGrid } from '../../../components/ui/image-grid';
import { formatDateTime } from '../../../lib/format';
import { useDeleteImage } from '../api/delete-image';
import { useImageList } from '../api/get-image-list';
import { drawingName } from '../drawing-name';

/** 我的作品: the user's drawings with preview, download, reuse of the prompt, delete. */
export function Gallery(props: {
  pageNo: number;
  onPage: (pageNo: number) => void;
  onReuse: (image: DrawnImage) => void;
}) {
  const images = useImageList(props.pageNo);
  const remove = useDeleteImage();
  const page = images.data;

  return (
    <ImageGrid
      title="我的作品"
      total={page?.total ?? 0}
      empty={images.isPending ? <span /> : <Empty description="还没有作品，写一段描述开始生成吧" />}
      items={page?.list ?? []}
      pageNo={props.pageNo}
      pageSize={PAGE_SIZE.drawings}
      onPage={props.onPage}
      alt={(image) => image.prompt}
      caption={(image) => image.prompt}
      meta={(image) => formatDateTime(image.createdAt)}
      actions={(image) => (
        <Tooltip title="复用描述">
          <Button
            size="small"
            type="text"
            icon={<RedoOutlined />}
            onClick={() => props.onReuse(image)}
            aria-label="复用描述"
          />
        </Tooltip>
      )}
      labels={{ download: '下载原图', delete: '删除作品', confirmDelete: '删除这张作品？' }}
      downloadName={(image) => drawingName(image.prompt, image.url)}
      onDelete={(image) => remove.mutateAsync([image.id])}
    />
  );
}
