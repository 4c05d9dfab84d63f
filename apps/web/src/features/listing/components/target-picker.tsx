import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  LISTING_LANGUAGES,
  LISTING_LIMITS,
  type ListingLanguage,
  type ListingTarget,
  MARKETPLACE_IDS,
  MARKETPLACES,
  type MarketplaceId,
} from '@chuhai/contract';
import { Button, Select } from 'antd';

const firstSite = (marketplace: MarketplaceId) =>
  MARKETPLACES[marketplace].sites[0] as { id: string; language: ListingLanguage };

export const DEFAULT_TARGET: ListingTarget = { marketplace: 'amazon', site: 'US', language: 'en' };

/** Marketplace, site and language per listing; VIP writes several sites at once. */
export function TargetPicker(props: {
  value: ListingTarget[];
  onChange: (targets: ListingTarget[]) => void;
  vip: boolean;
}) {
  const max = props.vip ? LISTING_LIMITS.concurrentVip : LISTING_LIMITS.concurrentFree;
  const update = (index: number, target: ListingTarget) =>
    props.onChange(props.value.map((t, i) => (i === index ? target : t)));
  return (
    <div className="listing-targets">
      {props.value.map((target, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; removing one re-renders the rest
        <div key={index} className="listing-target">
          <Select<MarketplaceId>
            aria-label="平台"
            value={target.marketplace}
            onChange={(marketplace) => {
              const site = firstSite(marketplace);
              update(index, { marketplace, site: site.id, language: site.language });
            }}
            options={MARKETPLACE_IDS.map((id) => ({ value: id, label: MARKETPLACES[id].name }))}
          />
          <Select
            aria-label="站点"
            value={target.site}
            onChange={(siteId: string) => {
              const site = MARKETPLACES[target.marketplace].sites.find((s) => s.id === siteId);
              update(index, { ...target, site: siteId, language: site?.language ?? target.language });
            }}
            options={MARKETPLACES[target.marketplace].sites.map((s) => ({ value: s.id, label: s.name }))}
          />
          <Select<ListingLanguage>
            aria-label="语言"
            value={target.language}
            onChange={(language) => update(index, { ...target, language })}
            options={(Object.keys(LISTING_LANGUAGES) as ListingLanguage[]).map((id) => ({
              value: id,
              label: LISTING_LANGUAGES[id],
            }))}
          />
          {props.value.length > 1 ? (
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label="去掉这个站点"
              onClick={() => props.onChange(props.value.filter((_, i) => i !== index))}
            />
          ) : null}
        </div>
      ))}
      {props.value.length < max ? (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => props.onChange([...props.value, { ...DEFAULT_TARGET }])}
        >
          再加一个站点
        </Button>
      ) : !props.vip ? (
        <p className="muted listing-targets__vip">
          开通 VIP 可同时撰写 {LISTING_LIMITS.concurrentVip} 个站点
        </p>
      ) : null}
    </div>
  );
}
