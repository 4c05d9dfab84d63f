import { EditOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { PAGE_SIZE, STUDIO_KEEP_DAYS, type StudioImageKind } from '@chuhai/contract';
import { Button, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ImageGrid } from '../../../components/ui/image-grid';
import { formatDateTime } from '../../../lib/format';
import { useDeleteRecentImage } from '../api/delete-recent-image';
import { useRecentImages } from '../api/get-recent-images';
import { cardDownloadName, cardName, cardOpen, cardTags, cardTitle, type RecentScreen } from '../recent-card';
import '../studio.css';

const daysLeft = (expiresAt: number) => Math.max(1, Math.ceil((expiresAt - Date.now()) / 86_400_000));

/**
 * 最近作品: what this screen made in the last days, so a closed tab loses nothing. Hidden until
 * there is something to show. Each card says what it is (the seller's file, the tool, the language
 * or marketplace, what its checks found, when) and opens again: 继续编辑 on a translation's or
 * work's latest picture, 打开 on an earlier one; on this screen through `onEdit` (the translation's
 * or the work's id), on another (a cut-out 换背景 stood on) by going there.
 */
export function RecentWork(props: {
  kinds: readonly StudioImageKind[];
  enabled: boolean;
  /** The screen this list is on: what `onEdit` opens. */
  screen: RecentScreen;
  onEdit?: (id: number) => void;
}) {
  const { onEdit, screen } = props;
  const navigate = useNavigate();
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
        alt={(image) =>
          [cardName(image), ...cardTags(image).map((tag) => tag.label), formatDateTime(image.createdAt)]
            .filter(Boolean)
            .join(' ')
        }
        caption={cardTitle}
        details={(image) => (
          <div className="studio-recent__tags">
            {cardTags(image).map((tag) => (
              <Tag
                key={tag.label}
                color={tag.tone === 'good' ? 'green' : tag.tone === 'warn' ? 'orange' : undefined}
              >
                {tag.label}
              </Tag>
            ))}
          </div>
        )}
        meta={(image) => `${formatDateTime(image.createdAt).slice(5)} · 剩 ${daysLeft(image.expiresAt)} 天`}
        labels={{ download: '下载', delete: '删除', confirmDelete: '删除这张图片？' }}
        downloadName={cardDownloadName}
        onDelete={(image) => remove.mutateAsync([image.id])}
        footer={(image) => {
          const open = cardOpen(image, screen);
          if (!open || (!open.href && !onEdit)) return null;
          return (
            <Tooltip title={open.hint}>
              <Button
                className="studio-recent__edit"
                size="small"
                block
                icon={open.label === '继续编辑' ? <EditOutlined /> : <FolderOpenOutlined />}
                onClick={() => (open.href ? navigate(open.href) : onEdit?.(open.id))}
              >
                {open.label}
              </Button>
            </Tooltip>
          );
        }}
      />
    </div>
  );
}
