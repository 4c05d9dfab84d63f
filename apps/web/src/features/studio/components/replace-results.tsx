import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import type { ReplacedImage } from '@chuhai/contract';
import { Alert, Button, Image } from 'antd';
import { PREVIEW_MOTION } from '../../../components/ui/preview-motion';
import { downloadHref, downloadName, extensionOf } from '../../../lib/download-name';

/** One result with the photo it was made from (its name, and whether 修补 can open its cut-out). */
export interface ReplaceOutcome {
  photo: File;
  item: ReplacedImage;
  canTouchUp: boolean;
}

/**
 * What each result downloads as: 「连衣裙-换背景.png」, and 「连衣裙-换背景-2.png」 for the next one
 * of the same photo, so none overwrites another in the downloads folder.
 */
export function replacedNames(outcomes: readonly ReplaceOutcome[]): string[] {
  const seen = new Map<string, number>();
  return outcomes.map(({ photo, item }) => {
    const nth = (seen.get(photo.name) ?? 0) + 1;
    seen.set(photo.name, nth);
    return downloadName(photo.name, ['换背景', nth > 1 ? nth : null], extensionOf(item.image?.url ?? ''));
  });
}

/** 换背景's results: each to preview, download, or correct in 修补. */
export function ReplaceResults(props: {
  outcomes: ReplaceOutcome[];
  busy: boolean;
  onTouchUp: (photo: File) => void;
}) {
  const names = replacedNames(props.outcomes);
  return (
    <Image.PreviewGroup preview={{ motionName: PREVIEW_MOTION }}>
      <div className="studio-results">
        {props.outcomes.map(({ photo, item, canTouchUp }, index) => (
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
                    <a href={downloadHref(item.image.url, names[index] ?? '')} download={names[index]}>
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
