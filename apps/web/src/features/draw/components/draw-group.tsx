import { DownloadOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { DrawGroup, DrawnImage } from '@chuhai/contract';
import { Button, Image } from 'antd';
import { PREVIEW_MOTION } from '../../../components/ui/preview-motion';
import { downloadHref } from '../../../lib/download-name';
import { drawingName } from '../drawing-name';

type Slot = { image: DrawnImage } | { failure: string };

/** The group's places in the order asked: each drawn image, or why that one was not drawn. */
export function groupSlots(group: DrawGroup): Slot[] {
  const images = [...group.images];
  return Array.from({ length: group.requested }, (_, index) => {
    const failure = group.failures.find((f) => f.index === index);
    if (failure) return { failure: failure.message };
    const image = images.shift();
    return image ? { image } : { failure: '没有生成' };
  });
}

/** 本次生成: the images of one prompt side by side, each to preview and download; failed ones say why. */
export function DrawGroupResult(props: { prompt: string; group: DrawGroup }) {
  const { group, prompt } = props;
  const slots = groupSlots(group);
  const single = group.requested === 1;
  return (
    <section className="draw-group" aria-label="本次生成">
      {single ? null : (
        <header className="draw-group__header">
          <h2>
            本次生成 {group.images.length}/{group.requested} 张
          </h2>
          <p className="muted" title={prompt}>
            {prompt}
          </p>
        </header>
      )}
      <Image.PreviewGroup preview={{ motionName: PREVIEW_MOTION }}>
        <div className={single ? 'draw-group__grid is-single' : 'draw-group__grid'}>
          {slots.map((slot, index) =>
            'image' in slot ? (
              <figure key={slot.image.id} className="draw-latest">
                <Image src={slot.image.url} alt={single ? prompt : `第 ${index + 1} 张：${prompt}`} />
                <figcaption>
                  {single ? <span className="muted">{prompt}</span> : <span>第 {index + 1} 张</span>}
                  <a
                    href={downloadHref(
                      slot.image.url,
                      drawingName(prompt, slot.image.url, single ? null : index + 1),
                    )}
                    download={drawingName(prompt, slot.image.url, single ? null : index + 1)}
                    aria-label={`下载第 ${index + 1} 张`}
                  >
                    <Button size="small" icon={<DownloadOutlined />}>
                      下载
                    </Button>
                  </a>
                </figcaption>
              </figure>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: a failed place has nothing but its position
              <div key={`failed-${index}`} className="draw-group__failed" role="alert">
                <ExclamationCircleOutlined />
                <strong>第 {index + 1} 张未生成</strong>
                <span>{slot.failure}</span>
                <span className="muted">这张不计次数</span>
              </div>
            ),
          )}
        </div>
      </Image.PreviewGroup>
    </section>
  );
}
