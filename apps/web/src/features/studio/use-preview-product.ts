import type { StoredImage } from '@chuhai/contract';
import { useEffect, useState } from 'react';
import { estimateFromPhoto, type MeasuredProduct, measureCutout } from './measure-product';

/**
 * The product 换背景's preview places: the photo's cut-out when the seller has one (exactly what
 * 生成 uses), otherwise an estimate from the photo. Measured in the browser once per photo or
 * cut-out; the sliders never measure again.
 */
export function usePreviewProduct(photo: File | null, cutout: StoredImage | undefined) {
  const [product, setProduct] = useState<MeasuredProduct | null>(null);
  const [measuring, setMeasuring] = useState(false);
  const cutoutUrl = cutout?.url;
  useEffect(() => {
    if (!photo && !cutoutUrl) {
      setProduct(null);
      return;
    }
    let current = true;
    let made: MeasuredProduct | null = null;
    setMeasuring(true);
    const measure = async () => {
      const exact = cutoutUrl ? await measureCutout(cutoutUrl).catch(() => null) : null;
      return exact ?? (photo ? estimateFromPhoto(photo) : null);
    };
    measure()
      .catch(() => null)
      .then((measured) => {
        made = measured;
        if (!current) return measured?.dispose();
        setProduct(measured);
        setMeasuring(false);
      });
    return () => {
      current = false;
      made?.dispose();
    };
  }, [photo, cutoutUrl]);
  return { product, measuring };
}
