import { countBytes, countChars, fieldLimit, type ListingField, type MarketplaceId } from '@chuhai/contract';

/** 「132 / 200 字符」 or 「240 / 250 字节」, red past the limit; a plain count where no limit is written. */
export function FieldCounter(props: { marketplace: MarketplaceId; field: ListingField; value: string }) {
  const limit = fieldLimit(props.marketplace, props.field);
  const unit = limit?.unit === 'bytes' ? '字节' : '字符';
  const used = limit?.unit === 'bytes' ? countBytes(props.value) : countChars(props.value);
  const over = limit !== null && used > limit.limit;
  return (
    <span className={over ? 'listing-counter listing-counter--over' : 'listing-counter'} aria-live="polite">
      {limit ? `${used} / ${limit.limit} ${unit}` : `${used} ${unit}`}
    </span>
  );
}
