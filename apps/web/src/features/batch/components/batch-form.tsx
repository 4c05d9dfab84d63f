import { FolderOpenOutlined, InboxOutlined } from '@ant-design/icons';
import {
  BATCH_LIMITS,
  type BatchJob,
  type BatchSteps,
  IMAGE_MARKETPLACE_IDS,
  type ImageMarketplaceId,
  MAIN_IMAGE_RULE_SETS,
  TRANSLATE_LANGUAGES,
} from '@chuhai/contract';
import { Alert, Button, Checkbox, ColorPicker, Radio, Select } from 'antd';
import { useRef, useState } from 'react';
import { UploadProgress } from '../../../entities/job/upload-progress';
import { useActionKey } from '../../../lib/action-key';
import { ApiError } from '../../../lib/api-client';
import { createBatchJob, type PickedFile } from '../api/create-batch-job';
import { useBackgroundDesigns } from '../api/get-background-designs';
import { filesOfDrop, filesOfInput, worthSending } from '../folder-files';

const MB = 1024 * 1024;

/** A new job: drop a folder, files or ZIPs, choose the steps, start. */
export function BatchForm({ onStarted }: { onStarted: (job: BatchJob) => void }) {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [cutout, setCutout] = useState(true);
  const [marketplaces, setMarketplaces] = useState<ImageMarketplaceId[]>(['amazon']);
  const [backgroundKind, setBackgroundKind] = useState<'none' | 'color' | 'design'>('none');
  const [color, setColor] = useState('#f5f0e8');
  const [design, setDesign] = useState<string | null>(null);
  const [translate, setTranslate] = useState<string | null>(null);
  const [keepProductText, setKeepProductText] = useState(true);
  const designs = useBackgroundDesigns(backgroundKind === 'design');
  const [over, setOver] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const add = (picked: PickedFile[]) => {
    const useful = worthSending(picked);
    setFiles((current) => [...current, ...useful]);
    setError(
      useful.length < picked.length
        ? `已跳过 ${picked.length - useful.length} 个不是图片或 ZIP 的文件`
        : null,
    );
  };

  const bytes = files.reduce((sum, f) => sum + f.file.size, 0);
  const steps: BatchSteps = {
    cutout,
    marketplaces,
    backgroundColor: backgroundKind === 'color' ? color : null,
    backgroundDesign: backgroundKind === 'design' ? design : null,
    translate,
    translateProductText: translate !== null && !keepProductText,
  };
  const nothingChosen = !cutout && marketplaces.length === 0 && backgroundKind === 'none' && !translate;
  const designMissing = backgroundKind === 'design' && !design;
  const tooBig = bytes > BATCH_LIMITS.maxBytes;

  // One key per chosen files and steps: a retry after a lost answer is the job already started.
  const startKey = useActionKey(
    JSON.stringify({ steps, files: files.map((f) => [f.path, f.file.size, f.file.lastModified]) }),
  );
  // Set at the click itself: a double click's second click can come before the disabled button renders.
  const starting = useRef(false);

  const start = async () => {
    if (starting.current) return;
    starting.current = true;
    setError(null);
    setSent(0);
    abort.current = new AbortController();
    try {
      const job = await createBatchJob(steps, files, {
        startKey: startKey.key,
        onProgress: setSent,
        signal: abort.current.signal,
      });
      startKey.renew();
      setFiles([]);
      onStarted(job);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.msg : '上传失败，请重试');
    } finally {
      starting.current = false;
      setSent(null);
    }
  };

  return (
    <section className="tool-panel batch-form" aria-label="新建批量任务">
      <h1>批量处理</h1>
      <p className="muted">
        一次处理整个目录：最多 {BATCH_LIMITS.maxImages} 张、{BATCH_LIMITS.maxBytes / MB}{' '}
        MB，可以直接拖入文件夹或 ZIP。
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the buttons inside are the keyboard way in */}
      <div
        className={over ? 'batch-drop batch-drop--over' : 'batch-drop'}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={async (e) => {
          e.preventDefault();
          setOver(false);
          add(await filesOfDrop(e.dataTransfer));
        }}
      >
        <InboxOutlined className="batch-drop__icon" />
        <p>把文件夹、图片或 ZIP 拖到这里</p>
        <div className="batch-drop__buttons">
          <Button icon={<FolderOpenOutlined />} onClick={() => folderInput.current?.click()}>
            选择文件夹
          </Button>
          <Button onClick={() => fileInput.current?.click()}>选择图片或 ZIP</Button>
        </div>
        <input
          ref={folderInput}
          type="file"
          hidden
          aria-label="选择文件夹"
          {...{ webkitdirectory: '', directory: '' }}
          onChange={(e) => {
            add(filesOfInput(e.target.files));
            e.target.value = '';
          }}
        />
        <input
          ref={fileInput}
          type="file"
          hidden
          multiple
          aria-label="选择图片或 ZIP"
          accept="image/jpeg,image/png,image/webp,.zip,application/zip"
          onChange={(e) => {
            add(filesOfInput(e.target.files));
            e.target.value = '';
          }}
        />
      </div>
      {files.length > 0 ? (
        <p className="batch-chosen">
          已选 {files.length} 个文件，共{' '}
          {bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MB).toFixed(1)} MB`}
          <Button type="link" size="small" onClick={() => setFiles([])}>
            清空
          </Button>
        </p>
      ) : null}

      <fieldset className="batch-steps">
        <legend>处理步骤</legend>
        <Checkbox checked={cutout} onChange={(e) => setCutout(e.target.checked)}>
          抠图（透明底 PNG）
        </Checkbox>
        <fieldset className="batch-steps__group">
          <legend>平台白底主图（按各平台规则检查）</legend>
          <Checkbox.Group<ImageMarketplaceId>
            value={marketplaces}
            onChange={setMarketplaces}
            options={IMAGE_MARKETPLACE_IDS.map((id) => ({
              value: id,
              label: `${MAIN_IMAGE_RULE_SETS[id].name} ${MAIN_IMAGE_RULE_SETS[id].size}²`,
            }))}
          />
        </fieldset>
        <fieldset className="batch-steps__group">
          <legend>换背景</legend>
          <Radio.Group
            value={backgroundKind}
            onChange={(e) => setBackgroundKind(e.target.value)}
            options={[
              { value: 'none', label: '不换' },
              { value: 'color', label: '纯色' },
              { value: 'design', label: '背景库' },
            ]}
          />
          {backgroundKind === 'color' ? (
            <ColorPicker
              value={color}
              onChangeComplete={(c) => setColor(c.toHexString())}
              showText
              disabledAlpha
            />
          ) : null}
          {backgroundKind === 'design' ? (
            <Select
              aria-label="背景库"
              placeholder="选一张背景"
              loading={designs.isPending}
              value={design}
              onChange={setDesign}
              showSearch={{ optionFilterProp: 'title' }}
              options={(designs.data?.list ?? []).map((d) => ({
                value: d.id,
                title: d.name,
                label: (
                  <span className="batch-design">
                    <img src={d.thumbUrl} alt="" width={28} height={28} />
                    {d.name}
                  </span>
                ),
              }))}
            />
          ) : null}
        </fieldset>
        <fieldset className="batch-steps__group">
          <legend>图片翻译（图上的中文换成买家的语言）</legend>
          <Select
            aria-label="图片翻译成"
            value={translate ?? 'none'}
            onChange={(value) => setTranslate(value === 'none' ? null : value)}
            options={[
              { value: 'none', label: '不翻译' },
              ...TRANSLATE_LANGUAGES.map((l) => ({ value: l.code, label: `${l.name}（${l.english}）` })),
            ]}
            style={{ minWidth: 200 }}
          />
          {translate ? (
            <Checkbox checked={keepProductText} onChange={(e) => setKeepProductText(e.target.checked)}>
              保留商品上的文字（品牌、包装和标签上印的字）
            </Checkbox>
          ) : null}
        </fieldset>
        <p className="muted batch-steps__note">
          结果 ZIP 里按平台分文件夹，并附
          report.csv：每张图、每个平台、每条规则的实测值和是否通过；图片翻译另有每张图的残留中文字数。
        </p>
      </fieldset>

      {sent !== null ? <UploadProgress share={sent} onCancel={() => abort.current?.abort()} /> : null}
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {tooBig ? (
        <Alert type="warning" showIcon title={`超过 ${BATCH_LIMITS.maxBytes / MB} MB，请分批处理`} />
      ) : null}
      <Button
        type="primary"
        size="large"
        block
        disabled={files.length === 0 || nothingChosen || designMissing || tooBig || sent !== null}
        onClick={() => void start()}
      >
        开始处理{files.length > 0 ? ` ${files.length} 个文件` : ''}
      </Button>
      <p className="muted batch-steps__note">
        每生成一张图算一次（抠图、每个平台主图算「抠图与主图」，换背景算「换背景」），失败和被拒的文件不扣次数。
      </p>
    </section>
  );
}
