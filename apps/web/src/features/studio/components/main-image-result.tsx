import { CheckOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  type CutoutResult,
  MARKETPLACE_PRESETS,
  type MainImageReport,
  type MainImageRule,
  type MarketplacePreset,
} from '@chuhai/contract';
import { Button, Image } from 'antd';
import type { ReactNode } from 'react';
import { PREVIEW_MOTION } from '../../../components/ui/preview-motion';
import { downloadHref, downloadName, extensionOf } from '../../../lib/download-name';
import { boxStyle } from './box-style';
import { CheckReport } from './check-report';
import '../studio.css';
import '../main-image.css';

export type MadeMain = NonNullable<CutoutResult['main']>;

/** Where the seller stands with 「这些都是商品」: not chosen, being made, or chosen. */
export type AllPartsChoice = 'open' | 'making' | 'kept';

/**
 * Whether the 「只有商品」 rule invites 「这些都是商品」: the main image dropped parts apart from
 * the product (a set of pots loses all but one), or separate parts are still there.
 */
export function offersAllParts(rule: MainImageRule) {
  return rule.key === 'objects' && (!rule.pass || rule.measured.startsWith('已去掉'));
}

/** Under the 「只有商品」 rule: the 「这些都是商品」 button, or the seller's choice once made. */
export function allPartsAction(
  rule: MainImageRule,
  choice: AllPartsChoice,
  disabled: boolean,
  onKeep: () => void,
): ReactNode {
  if (rule.key !== 'objects') return null;
  if (choice === 'kept')
    return (
      <span className="studio-choice">
        <CheckOutlined /> 已按「这些都是商品」保留全部部分
      </span>
    );
  if (!offersAllParts(rule)) return null;
  return (
    <Button size="small" loading={choice === 'making'} disabled={disabled} onClick={onKeep}>
      这些都是商品
    </Button>
  );
}

/** Each area a failed rule found (added text, a separate part), with the rule it broke. */
function foundAreas(report: MainImageReport) {
  return report.rules
    .filter((rule) => !rule.pass)
    .flatMap((rule) => (rule.found ?? []).map((box, index) => ({ rule, box, index })));
}

/**
 * The made white main image with its check: red dashed outlines over the image where a failed rule
 * found something, so the seller sees what to erase, and 「这些都是商品」 under 「只有商品」.
 */
export function MainImageResult(props: {
  main: MadeMain;
  /** The seller's photo's name: the download is 「<name>-主图-<platform>.jpg」. */
  fileName?: string | null;
  allParts: AllPartsChoice;
  busy: boolean;
  onKeepAllParts: () => void;
}) {
  const { main } = props;
  const found = foundAreas(main.check);
  return (
    <div className="studio-main">
      <figure>
        <div className="studio-found-frame">
          <Image src={main.image.url} alt="白底主图" preview={{ motionName: PREVIEW_MOTION }} />
          {found.map(({ rule, box, index }) => (
            <span
              key={`${rule.key}-${index}`}
              role="img"
              aria-label={`${rule.label}：第 ${index + 1} 处`}
              title={rule.label}
              className="studio-found"
              style={boxStyle(box, main.image)}
            />
          ))}
        </div>
        <figcaption className="muted">
          {MARKETPLACE_PRESETS[main.preset as MarketplacePreset]?.label ?? main.preset} 白底主图 ·{' '}
          {main.image.width}×{main.image.height}
          {found.length > 0 ? (
            <span className="studio-found-note">红色虚线框：检查发现问题的位置</span>
          ) : null}
        </figcaption>
      </figure>
      <div>
        <CheckReport
          report={main.check}
          title="白底主图检查"
          ruleAction={(rule) =>
            allPartsAction(
              rule,
              props.allParts,
              props.busy && props.allParts !== 'making',
              props.onKeepAllParts,
            )
          }
        />
        <a
          href={downloadHref(
            main.image.url,
            downloadName(props.fileName, ['主图', main.preset], extensionOf(main.image.url, 'jpg')),
          )}
          download={downloadName(props.fileName, ['主图', main.preset], extensionOf(main.image.url, 'jpg'))}
        >
          <Button type="primary" icon={<DownloadOutlined />}>
            下载白底主图
          </Button>
        </a>
      </div>
    </div>
  );
}
