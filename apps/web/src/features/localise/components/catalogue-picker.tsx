import { DownloadOutlined, FileExcelOutlined, FileZipOutlined } from '@ant-design/icons';
import { LOCALISE_LIMITS, LOCALISE_PHOTO_NAMING, type LocaliseCatalogue } from '@chuhai/contract';
import { Alert, App, Button } from 'antd';
import { useRef, useState } from 'react';
import { UploadProgress } from '../../../entities/job/upload-progress';
import { ApiError } from '../../../lib/api-client';
import { downloadCatalogueTemplate } from '../api/download-template';
import { uploadCatalogue } from '../api/upload-catalogue';

/** What the chosen files are called: the one name, or how many pictures. */
const filesText = (files: readonly File[]) =>
  files.length === 0 ? '未选择' : files.length === 1 ? (files[0] as File).name : `${files.length} 张照片`;

/** A file input behind a button, showing the chosen files. */
function FileButton(props: {
  label: string;
  accept: string;
  icon: React.ReactNode;
  files: readonly File[];
  multiple?: boolean;
  onPick: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="localise-file">
      <Button icon={props.icon} onClick={() => input.current?.click()}>
        {props.label}
      </Button>
      <span className={props.files.length > 0 ? 'localise-file__name' : 'localise-file__name muted'}>
        {filesText(props.files)}
      </span>
      <input
        ref={input}
        type="file"
        hidden
        accept={props.accept}
        multiple={props.multiple}
        aria-label={props.label}
        onChange={(e) => {
          props.onPick([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </div>
  );
}

/**
 * A catalogue: the sheet (one product a row) and the photos named by product code (a ZIP, or many
 * pictures), read by the
 * server into products. Refused rows are named with why; nothing is charged for reading.
 */
export function CataloguePicker(props: {
  value: LocaliseCatalogue | null;
  onChange: (catalogue: LocaliseCatalogue | null) => void;
}) {
  const [sheet, setSheet] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { message } = App.useApp();

  const read = async () => {
    if (!sheet || photos.length === 0) return;
    setError(null);
    setSent(0);
    props.onChange(null);
    abort.current = new AbortController();
    try {
      props.onChange(
        await uploadCatalogue(sheet, photos, { onProgress: setSent, signal: abort.current.signal }),
      );
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.msg : '上传失败，请重试');
    } finally {
      setSent(null);
    }
  };

  const catalogue = props.value;
  return (
    <div className="localise-catalogue">
      <p className="muted">
        表格每行一个商品（CSV 或 Excel，第 1 行是表头，商品编码和商品名称必填，最多 {LOCALISE_LIMITS.products}{' '}
        个），照片打成一个 ZIP，或者直接选几张图片。{LOCALISE_PHOTO_NAMING}
      </p>
      <Button
        type="link"
        icon={<DownloadOutlined />}
        className="localise-catalogue__template"
        onClick={() =>
          void downloadCatalogueTemplate().catch((failure: ApiError) => void message.error(failure.msg))
        }
      >
        下载表格模板
      </Button>
      <FileButton
        label="选择商品表格"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        icon={<FileExcelOutlined />}
        files={sheet ? [sheet] : []}
        onPick={([file]) => {
          setSheet(file ?? null);
          props.onChange(null);
        }}
      />
      <FileButton
        label="选择照片 ZIP 或图片"
        accept=".zip,application/zip,image/*"
        multiple
        icon={<FileZipOutlined />}
        files={photos}
        onPick={(files) => {
          setPhotos(files);
          props.onChange(null);
        }}
      />
      {sent !== null ? (
        <UploadProgress share={sent} onCancel={() => abort.current?.abort()} />
      ) : (
        <Button disabled={!sheet || photos.length === 0} onClick={() => void read()}>
          上传并读取目录
        </Button>
      )}
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {catalogue ? <CatalogueResult catalogue={catalogue} /> : null}
    </div>
  );
}

/** What the server took from the catalogue, and each refused row with why. */
function CatalogueResult({ catalogue }: { catalogue: LocaliseCatalogue }) {
  return (
    <section className="localise-catalogue__result" aria-label="读取结果">
      <p>
        可以处理 <strong>{catalogue.products.length}</strong> 个商品
        {catalogue.refused.length > 0 ? `，${catalogue.refused.length} 行没有收（不扣次数）` : ''}
      </p>
      <ul className="plain-list localise-catalogue__products">
        {catalogue.products.map((product, i) => (
          <li key={product.code ?? i} className="localise-catalogue__product">
            {product.mainPhotoUrl ? (
              <img
                className="localise-catalogue__thumb"
                src={product.mainPhotoUrl}
                alt={`${product.facts.productName} 的主图`}
                width={40}
                height={40}
                loading="lazy"
              />
            ) : (
              <span className="localise-catalogue__thumb" aria-hidden="true" />
            )}
            <div className="localise-catalogue__about">
              <div className="localise-catalogue__title">
                {product.code ? <span className="localise-code">{product.code}</span> : null}
                <span className="localise-catalogue__name">{product.facts.productName}</span>
              </div>
              <span className="muted">主图 1 张 · 详情图 {product.detailPhotoIds.length} 张</span>
            </div>
          </li>
        ))}
      </ul>
      {catalogue.refused.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title="这些行没有收"
          description={
            <ul className="localise-catalogue__refused">
              {catalogue.refused.map((row) => (
                <li key={`${row.row}-${row.code}`}>
                  第 {row.row} 行{row.code ? `（${row.code}）` : ''}：{row.reason}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      {catalogue.ignoredPhotos?.length ? (
        <Alert
          type="info"
          showIcon
          title={`${catalogue.ignoredPhotos.length} 个文件没有用上`}
          description={
            <ul className="localise-catalogue__refused">
              {catalogue.ignoredPhotos.map((photo) => (
                <li key={photo.name}>
                  「{photo.name}」{photo.reason}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </section>
  );
}
