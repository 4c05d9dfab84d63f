import { CloseOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { photoKey, type RememberedCutout } from '../cutout-memory';

/** An object URL for each chosen photo (thumbnails, the preview's estimate, 修补), released when the list changes. */
export function usePhotoUrls(photos: File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const next = photos.map((photo) => URL.createObjectURL(photo));
    setUrls(next);
    return () => {
      for (const url of next) URL.revokeObjectURL(url);
    };
  }, [photos]);
  return urls;
}

/**
 * The chosen photos as thumbnails, right after choosing. One is the preview's; each says when 生成
 * will start from a cut-out the seller already has (a brushed one too) instead of cutting it again.
 */
export function ChosenPhotos(props: {
  photos: File[];
  urls: string[];
  cutouts: Record<string, RememberedCutout>;
  previewed: number;
  disabled: boolean;
  onPreview: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  if (props.photos.length === 0) return null;
  return (
    <ul className="bg-photos" aria-label="已选择的图片">
      {props.photos.map((photo, index) => {
        const cutout = props.cutouts[photoKey(photo)];
        const url = props.urls[index];
        return (
          <li key={photoKey(photo)} className={index === props.previewed ? 'is-previewed' : undefined}>
            <button
              type="button"
              className="bg-photos__thumb studio-checker"
              aria-pressed={index === props.previewed}
              aria-label={`预览 ${photo.name}`}
              onClick={() => props.onPreview(index)}
            >
              {url ? <img src={url} alt={`${photo.name} 缩略图`} /> : null}
            </button>
            <span className="bg-photos__name" title={photo.name}>
              {photo.name}
            </span>
            {cutout ? (
              <Tag color={cutout.touchedUp ? 'green' : 'blue'} className="bg-photos__tag">
                {cutout.touchedUp ? '用修补后的抠图' : '用已有抠图'}
              </Tag>
            ) : null}
            <Button
              className="bg-photos__remove"
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={`移除 ${photo.name}`}
              disabled={props.disabled}
              onClick={() => props.onRemove(index)}
            />
          </li>
        );
      })}
    </ul>
  );
}
