import { InboxOutlined } from '@ant-design/icons';
import { UPLOAD_LIMITS } from '@chuhai/contract';
import { useEffect, useId, useRef, useState } from 'react';
import '../studio.css';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const MB = 1024 * 1024;

/** A quick look before uploading; the server checks the content for real. */
export function fileProblem(file: File): string | null {
  if (file.size === 0) return `「${file.name}」是空文件`;
  if (file.size > UPLOAD_LIMITS.maxBytes)
    return `「${file.name}」有 ${(file.size / MB).toFixed(1)} MB，超过 ${UPLOAD_LIMITS.maxBytes / MB} MB 的上限`;
  if (file.type && !ACCEPT.split(',').includes(file.type))
    return `「${file.name}」不是 ${UPLOAD_LIMITS.formats.join('、')} 图片`;
  return null;
}

/**
 * Where images come in: drag and drop, paste (anywhere on the page), or the file picker.
 * Files that are plainly wrong are refused here, their reasons in one line for the screen's error;
 * the rest go to `onFiles`.
 */
export function ImageDrop(props: {
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  onRefused: (reasons: string) => void;
  hint?: string;
}) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const latest = useRef(props);
  latest.current = props;

  const take = (list: FileList | File[] | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    const chosen = latest.current.multiple ? files : files.slice(0, 1);
    const refused = chosen.map(fileProblem).filter((p): p is string => p !== null);
    if (refused.length) latest.current.onRefused(refused.join('；'));
    const good = chosen.filter((file) => fileProblem(file) === null);
    if (good.length) latest.current.onFiles(good);
  };

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (latest.current.disabled) return;
      const files = Array.from(event.clipboardData?.files ?? []).filter((f) => f.type.startsWith('image/'));
      if (files.length) {
        event.preventDefault();
        take(files);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  });

  return (
    <label
      htmlFor={inputId}
      className={`studio-drop${over ? ' is-over' : ''}${props.disabled ? ' is-disabled' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!props.disabled) take(event.dataTransfer.files);
      }}
    >
      <InboxOutlined className="studio-drop__icon" />
      <strong>拖入图片、粘贴（Ctrl+V）或点击选择</strong>
      <span className="muted">
        {props.hint ?? `JPG、PNG、WebP，单张不超过 ${UPLOAD_LIMITS.maxBytes / MB} MB`}
      </span>
      <input
        id={inputId}
        type="file"
        accept={ACCEPT}
        multiple={props.multiple}
        disabled={props.disabled}
        aria-label="选择图片"
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
    </label>
  );
}
