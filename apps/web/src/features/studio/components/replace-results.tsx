import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import type { ReplacedImage } from '@chuhai/contract';
import { Alert, Button, Image } from 'antd';
import { PREVIEW_MOTION } from '../../../components/ui/preview-motion';

/** One result with the photo it was made from (its name, and whether 修补 can open its cut-out). */
export interface ReplaceOutcome {
  photo: File;
  item: ReplacedImage;
  canTouchUp: boolean;
}

/** 换背景's results: each to preview, download, or correct in 修补. */
export function ReplaceResults(props: {
  outcomes: ReplaceOutcome[];
  busy: boolean;
  onTouchUp: (photo: File) => void;
}) {
  return (
    <Image.PreviewGroup preview={{ motionName: PREVIEW_MOTION }}>
      <div className="studio-results">
        {props.outcomes.map(({ photo, item, canTouchUp }) => (
          <figure
            key={item.image ? item.image.id : `${item.name}:${item.error}`}
            className="studio-result-card"
          >
            {item.image ? (
              <>
                <Image src={item.image.url} alt={`${photo.name} 换背景结果`} />
                <figcaption>
                  <span>{photo.name}</span>
                  <span className="studio-result-card__actions">
                    {canTouchUp ? (
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        disabled={props.busy}
                        onClick={() => props.onTouchUp(photo)}
                      >
                        修补
                      </Button>
                    ) : null}
                    <a href={`${item.image.url}&download=1`} download>
                      <Button size="small" icon={<DownloadOutlined />}>
                        下载
                      </Button>
                    </a>
                  </span>
                </figcaption>
              </>
            ) : (
              <Alert type="error" showIcon title={photo.name} description={item.error} />
            )}
          </figure>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
