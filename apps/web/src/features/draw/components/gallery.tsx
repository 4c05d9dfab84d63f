import { DeleteOutlined, DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import type { DrawnImage } from '@chuhai/contract';
import { App, Button, Empty, Image, Pagination, Popconfirm, Tooltip } from 'antd';
import { formatDateTime } from '../../../lib/format';
import { GALLERY_PAGE_SIZE, useDeleteImage, useImageList } from '../api/drawing';

/** 我的作品: the user's drawings with preview, download, reuse of the prompt, delete. */
export function Gallery(props: {
  pageNo: number;
  onPage: (pageNo: number) => void;
  onReuse: (image: DrawnImage) => void;
}) {
  const images = useImageList(props.pageNo);
  const remove = useDeleteImage();
  const { message } = App.useApp();
  const list = images.data?.list ?? [];

  return (
    <section className="draw-gallery" aria-label="我的作品">
      <h2>我的作品{images.data ? `（${images.data.total}）` : ''}</h2>
      {list.length === 0 && !images.isPending ? (
        <Empty description="还没有作品，写一段描述开始生成吧" />
      ) : null}
      <Image.PreviewGroup>
        <div className="draw-grid">
          {list.map((image) => (
            <figure key={image.id} className="draw-card">
              <Image src={image.url} alt={image.prompt} className="draw-card__image" />
              <figcaption>
                <p className="draw-card__prompt" title={image.prompt}>
                  {image.prompt}
                </p>
                <div className="draw-card__meta">
                  <span className="chat-muted">{formatDateTime(image.createdAt)}</span>
                  <span>
                    <Tooltip title="下载原图">
                      <a href={`${image.url}&download=1`} download aria-label="下载原图">
                        <Button size="small" type="text" icon={<DownloadOutlined />} />
                      </a>
                    </Tooltip>
                    <Tooltip title="复用描述">
                      <Button
                        size="small"
                        type="text"
                        icon={<RedoOutlined />}
                        onClick={() => props.onReuse(image)}
                        aria-label="复用描述"
                      />
                    </Tooltip>
                    <Popconfirm
                      title="删除这张作品？"
                      okText="删除"
                      cancelText="取消"
                      onConfirm={async () => {
                        await remove.mutateAsync([image.id]);
                        message.success('已删除');
                      }}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label="删除作品"
                      />
                    </Popconfirm>
                  </span>
                </div>
              </figcaption>
            </figure>
          ))}
        </div>
      </Image.PreviewGroup>
      <Pagination
        current={props.pageNo}
        pageSize={GALLERY_PAGE_SIZE}
        total={images.data?.total ?? 0}
        onChange={props.onPage}
        hideOnSinglePage
        showSizeChanger={false}
        align="center"
      />
    </section>
  );
}
