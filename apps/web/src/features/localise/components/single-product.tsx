import { type ListingFacts, LOCALISE_LIMITS } from '@chuhai/contract';
import type { Dispatch, SetStateAction } from 'react';
import { FactsForm } from '../../../entities/listing/facts-form';
import { PhotoPicker, type PickedPhoto } from './photo-picker';

export interface SingleProductValue {
  facts: ListingFacts;
  main: PickedPhoto[];
  details: PickedPhoto[];
}

/** One product: the listing form's facts, the photo its main images are made from, its detail pictures. */
export function SingleProduct(props: {
  value: SingleProductValue;
  /** Takes an update of the latest value: a photo can finish uploading after other changes. */
  onChange: Dispatch<SetStateAction<SingleProductValue>>;
}) {
  const { value, onChange } = props;
  return (
    <div className="localise-single">
      <FactsForm value={value.facts} onChange={(facts) => onChange((v) => ({ ...v, facts }))} />
      <PhotoPicker
        label="主图照片"
        hint="做每个平台白底主图用的商品照片，1 张。"
        max={1}
        value={value.main}
        onChange={(main) => onChange((v) => ({ ...v, main }))}
      />
      <PhotoPicker
        label="详情图"
        hint={`图上的中文翻译成每个站点的语言，最多 ${LOCALISE_LIMITS.detailPictures} 张；没有中文的原样放进结果，不扣次数。`}
        max={LOCALISE_LIMITS.detailPictures}
        value={value.details}
        onChange={(details) => onChange((v) => ({ ...v, details }))}
      />
    </div>
  );
}
