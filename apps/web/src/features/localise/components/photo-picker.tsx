import { CloseOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { uploadLocalisePhoto } from '../api/upload-photo';

/** A photo uploaded for the job: its id on the server and a local preview. */
export interface PickedPhoto {
  id: number;
  name: string;
  preview: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Photos of the product, each uploaded as soon as it is picked (`/localise/photos`), shown as
 * thumbnails that can be taken out again. `max` 1 is the main photo; up to 8 are detail pictures.
 */
export function PhotoPicker(props: {
  label: string;
  hint: string;
  max: number;
  value: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // The latest list, for uploads that finish after another change.
  const current = useRef(props.value);
  current.current = props.value;

  const add = async (files: File[]) => {
    const room = props.max - props.value.length - uploading;
    const taken = files.slice(0, Math.max(0, room));
    setError(files.length > taken.length ? `最多 ${props.max} 张，多出的没有上传` : null);
    setUploading((n) => n + taken.length);
    for (const file of taken) {
      try {
        const photo = await uploadLocalisePhoto(file);
        const preview = URL.createObjectURL(file);
        const next = [...current.current, { id: photo.id, name: file.name, preview }];
        current.current = next;
        props.onChange(next);
      } catch (failure) {
        setError(`「${file.name}」${failure instanceof ApiError ? failure.msg : '上传失败，请重试'}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const full = props.value.length + uploading >= props.max;
  return (
    <fieldset className="localise-photos">
      <legend>{props.label}</legend>
      <p className="muted localise-photos__hint">{props.hint}</p>
      <ul className="localise-photos__list">
        {props.value.map((photo) => (
          <li key={photo.id} className="localise-photo">
            <img src={photo.preview} alt={photo.name} />
            <Button
              size="small"
              shape="circle"
              className="localise-photo__remove"
              icon={<CloseOutlined />}
              aria-label={`移除 ${photo.name}`}
              onClick={() => {
                URL.revokeObjectURL(photo.preview);
                props.onChange(props.value.filter((p) => p.id !== photo.id));
              }}
            />
          </li>
        ))}
        {Array.from({ length: uploading }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={`uploading-${i}`} className="localise-photo localise-photo--uploading" role="status">
            <LoadingOutlined /> 上传中
          </li>
        ))}
        {full ? null : (
          <li>
            <button
              type="button"
              className="localise-photo localise-photo--add"
              onClick={() => input.current?.click()}
            >
              <PlusOutlined />
              <span>{props.max === 1 ? '选择照片' : '添加'}</span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        hidden
        multiple={props.max > 1}
        accept={ACCEPT}
        aria-label={props.label}
        onChange={(e) => {
          void add([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      {error ? <p className="localise-error">{error}</p> : null}
    </fieldset>
  );
}
