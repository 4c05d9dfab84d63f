import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { App, Button, Image, Pagination, Popconfirm, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { downloadHref } from '../../lib/download-name';
import './image-grid.css';
import { PREVIEW_MOTION } from './preview-motion';

/** What every kept image has: the API's id and a signed link to its file. */
export interface GridImage {
  id: number;
  url: string;
}

export interface ImageGridProps<T extends GridImage> {
  /** The section's heading; also its accessible name. */
  title: string;
  total: number;
  /** A line beside the heading (how long images are kept…). */
  note?: ReactNode;
  /** Shown when there is nothing yet; leave it out to hide the whole section instead. */
  empty?: ReactNode;
  items: readonly T[];
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number) => void;
  /** The picture's text alternative. */
  alt: (item: T) => string;
  /** `contain` for cut-outs on the checkerboard; drawings fill their square. */
  fit?: 'cover' | 'contain';
  imageClassName?: (item: T) => string | undefined;
  /** A first caption line (the prompt), cut to one line with the whole text on hover. */
  caption?: (item: T) => string;
  /** Lines between the caption and the meta line (a card's tags: tool, language, checks). */
  details?: (item: T) => ReactNode;
  /** The small line under it: kind, time, days left. */
  meta: (item: T) => ReactNode;
  /** Buttons between download and delete (复用描述…). */
  actions?: (item: T) => ReactNode;
  /** A wider action under the card's line, for the items that have one (继续编辑). */
  footer?: (item: T) => ReactNode;
  /** What the download and delete buttons say, e.g. 下载原图 / 删除作品. */
  labels: { download: string; delete: string; confirmDelete: string };
  /** What an item downloads as (「透明底-20261127-1432.png」); the stored name without it. */
  downloadName?: (item: T) => string;
  onDelete: (item: T) => Promise<unknown>;
}

/**
 * A page of kept images (AI 绘画 我的作品, 智能做图 最近作品): preview on click, download as an
 * attachment, delete after a confirmation, pages below.
 */
export function ImageGrid<T extends GridImage>(props: ImageGridProps<T>) {
  const { message } = App.useApp();
  const { labels } = props;
  if (props.total === 0 && !props.empty) return null;

  return (
    <section className="image-grid" aria-label={props.title}>
      <header className="image-grid__header">
        <h2>
          {props.title}（{props.total}）
        </h2>
        {props.note ? <span className="muted">{props.note}</span> : null}
      </header>
      {props.total === 0 ? props.empty : null}
      <Image.PreviewGroup preview={{ motionName: PREVIEW_MOTION }}>
        <div className="image-grid__list">
          {props.items.map((item) => (
            <figure key={item.id} className={`image-grid__card image-grid__card--${props.fit ?? 'cover'}`}>
              <Image src={item.url} alt={props.alt(item)} className={props.imageClassName?.(item)} />
              <figcaption>
                {props.caption ? (
                  <p className="image-grid__caption" title={props.caption(item)}>
                    {props.caption(item)}
                  </p>
                ) : null}
                {props.details?.(item)}
                <div className="image-grid__meta">
                  <span className="muted">{props.meta(item)}</span>
                  <span className="image-grid__actions">
                    <Tooltip title={labels.download}>
                      <a
                        href={downloadHref(item.url, props.downloadName?.(item) ?? '1')}
                        download={props.downloadName?.(item) ?? true}
                        aria-label={labels.download}
                      >
                        <Button size="small" type="text" icon={<DownloadOutlined />} />
                      </a>
                    </Tooltip>
                    {props.actions?.(item)}
                    <Popconfirm
                      title={labels.confirmDelete}
                      okText="删除"
                      cancelText="取消"
                      onConfirm={async () => {
                        await props.onDelete(item);
                        message.success('已删除');
                        if (props.items.length === 1 && props.pageNo > 1) props.onPage(props.pageNo - 1);
                      }}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={labels.delete}
                      />
                    </Popconfirm>
                  </span>
                </div>
                {props.footer?.(item)}
              </figcaption>
            </figure>
          ))}
        </div>
      </Image.PreviewGroup>
      <Pagination
        current={props.pageNo}
        pageSize={props.pageSize}
        total={props.total}
        onChange={props.onPage}
        hideOnSinglePage
        showSizeChanger={false}
        align="center"
      />
    </section>
  );
}
