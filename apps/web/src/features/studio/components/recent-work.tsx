import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { STUDIO_KEEP_DAYS, type StudioImage, type StudioImageKind } from '@chuhai/contract';
import { App, Button, Image, Pagination, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { RECENT_PAGE_SIZE, useDeleteRecentImage, useRecentImages } from '../api/studio';

const KIND_LABEL: Record<StudioImageKind, string> = {
  cutout: '透明底',
  main: '白底主图',
  replace: '换背景',
};

const daysLeft = (image: StudioImage) => Math.max(1, Math.ceil((image.expiresAt - Date.now()) / 86_400_000));

/**
 * 最近作品: what this screen made in the last days, so a closed tab loses nothing. Hidden until
 * there is something to show.
 */
export function RecentWork(props: { kinds: readonly StudioImageKind[]; enabled: boolean }) {
  const [pageNo, setPageNo] = useState(1);
  const recent = useRecentImages(props.kinds, pageNo, props.enabled);
  const remove = useDeleteRecentImage();
  const { message } = App.useApp();
  const page = recent.data;
  if (!props.enabled || !page || page.total === 0) return null;

  return (
    <section className="studio-recent" aria-label="最近作品">
      <header>
        <h2>最近作品（{page.total}）</h2>
        <span className="chat-muted">保存 {STUDIO_KEEP_DAYS} 天后自动删除，请及时下载</span>
      </header>
      <Image.PreviewGroup>
        <div className="studio-recent__grid">
          {page.list.map((image) => (
            <figure key={image.id} className="studio-recent__card">
              <Image
                src={image.url}
                alt={`${KIND_LABEL[image.kind]} ${formatDateTime(image.createdAt)}`}
                className={image.kind === 'cutout' ? 'studio-checker' : undefined}
              />
              <figcaption>
                <span className="studio-recent__meta">
                  {KIND_LABEL[image.kind]}
                  <span className="chat-muted">
                    {formatDateTime(image.createdAt).slice(5)} · 剩 {daysLeft(image)} 天
                  </span>
                </span>
                <span className="studio-recent__actions">
                  <Tooltip title="下载">
                    <a href={`${image.url}&download=1`} download aria-label="下载">
                      <Button size="small" type="text" icon={<DownloadOutlined />} />
                    </a>
                  </Tooltip>
                  <Popconfirm
                    title="删除这张图片？"
                    okText="删除"
                    cancelText="取消"
                    onConfirm={async () => {
                      await remove.mutateAsync([image.id]);
                      message.success('已删除');
                      if (page.list.length === 1 && pageNo > 1) setPageNo(pageNo - 1);
                    }}
                  >
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除" />
                  </Popconfirm>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </Image.PreviewGroup>
      <Pagination
        current={pageNo}
        pageSize={RECENT_PAGE_SIZE}
        total={page.total}
        onChange={setPageNo}
        hideOnSinglePage
        showSizeChanger={false}
        align="center"
      />
    </section>
  );
}
