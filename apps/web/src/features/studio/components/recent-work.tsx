import { EditOutlined } from '@ant-design/icons';
import { PAGE_SIZE, STUDIO_KEEP_DAYS, type StudioImage, type StudioImageKind } from '@chuhai/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ImageGrid } from '../../../components/ui/image-grid';
import { downloadName, extensionOf } from '../../../lib/download-name';
import { formatDateTime } from '../../../lib/format';
import { useDeleteRecentImage } from '../api/delete-recent-image';
import { useRecentImages } from '../api/get-recent-images';
import '../studio.css';

const KIND_LABEL: Record<StudioImageKind, string> = {
  cutout: '透明底',
  main: '白底主图',
  replace: '换背景',
  translate: '译图',
};

/** 「20261127-1432」: when a kept image was made, as a file name may hold it. */
const stamp = (at: number) => formatDateTime(at).replace(/[-:]/g, '').replace(' ', '-');

const daysLeft = (image: StudioImage) => Math.max(1, Math.ceil((image.expiresAt - Date.now()) / 86_400_000));

/** What 继续编辑 on this card opens: a translation (图片翻译) or a 抠图 / 换背景 work. */
const editableId = (image: StudioImage) => image.translationId ?? image.workId;

/**
 * 最近作品: what this screen made in the last days, so a closed tab loses nothing. Hidden until
 * there is something to show. A translation's latest drawing, and a work's latest cut-out, main
 * image or 换背景 picture, offer 继续编辑 (`onEdit`, with the translation's or the work's id).
 */
export function RecentWork(props: {
  kinds: readonly StudioImageKind[];
  enabled: boolean;
  onEdit?: (id: number) => void;
}) {
  const { onEdit } = props;
  const [pageNo, setPageNo] = useState(1);
  const recent = useRecentImages(props.kinds, pageNo, props.enabled);
  const remove = useDeleteRecentImage();
  const page = recent.data;
  if (!props.enabled || !page || page.total === 0) return null;

  return (
    <div className="studio-recent">
      <ImageGrid
        title="最近作品"
        total={page.total}
        note={`保存 ${STUDIO_KEEP_DAYS} 天后自动删除，请及时下载`}
        items={page.list}
        pageNo={pageNo}
        pageSize={PAGE_SIZE.recentImages}
        onPage={setPageNo}
        fit="contain"
        imageClassName={(image) => (image.kind === 'cutout' ? 'studio-checker' : undefined)}
        alt={(image) => `${KIND_LABEL[image.kind]} ${formatDateTime(image.createdAt)}`}
        caption={(image) => KIND_LABEL[image.kind]}
        meta={(image) => `${formatDateTime(image.createdAt).slice(5)} · 剩 ${daysLeft(image)} 天`}
        labels={{ download: '下载', delete: '删除', confirmDelete: '删除这张图片？' }}
        downloadName={(image) =>
          downloadName(KIND_LABEL[image.kind], [stamp(image.createdAt)], extensionOf(image.url))
        }
        onDelete={(image) => remove.mutateAsync([image.id])}
        footer={(image) =>
          editableId(image) && onEdit ? (
            <Button
              className="studio-recent__edit"
              size="small"
              block
              icon={<EditOutlined />}
              onClick={() => onEdit(editableId(image) as number)}
            >
              继续编辑
            </Button>
          ) : null
        }
      />
    </div>
  );
}
