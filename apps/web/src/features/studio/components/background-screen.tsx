import { PLACEMENT_LIMITS, type ReplaceResult, UPLOAD_LIMITS } from '@chuhai/contract';
import { Alert, Button, ColorPicker, Input, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { StudioTabs } from '../../../components/ui/studio-tabs';
import { useDrawConfig } from '../../../entities/draw-config/get-draw-config';
import { useAuthStore } from '../../../stores/auth-store';
import { EXAMPLE_BACKGROUND_ID, loadExamplePhoto } from '../api/example-photo';
import { backgroundThumbUrl } from '../api/get-backgrounds';
import { type ReplaceRequest, replaceBackground } from '../api/replace-background';
import { photoKey, useCutoutMemory } from '../cutout-memory';
import { usePreviewProduct } from '../use-preview-product';
import { useStudioRun } from '../use-studio-run';
import { useWorkInAddress } from '../use-work-in-address';
import { BackgroundPicker } from './background-picker';
import { ChosenPhotos, usePhotoUrls } from './chosen-photos';
import { CutoutTouchUp } from './cutout-touch-up';
import { ImageDrop } from './image-drop';
import { DEFAULT_PLACEMENT, PlacementControls, type PlacementState } from './placement-controls';
import { PlacementPreview, type PreviewBackground } from './placement-preview';
import { RecentWork } from './recent-work';
import { type ReplaceOutcome, ReplaceResults } from './replace-results';
import { OpeningNotice, RunControls, WorkProgress } from './studio-bits';
import { EXAMPLE_SIDES, StudioExample } from './studio-example';
import { useTryExample } from './use-example';
import '../studio.css';
import '../background.css';

type Source = 'library' | 'color' | 'prompt';
const COLOURS = ['#FFFFFF', '#F5F5F5', '#FDEBD3', '#DCEBFA', '#E3F4E8', '#FBE3EA', '#222222'];

/** 最近作品 here: 换背景 results; each opens again with its cut-out and settings (继续编辑). */
const RECENT_KINDS = ['replace'] as const;

/**
 * 智能做图 · 换背景: products, a background (library, colour or prompt), placement, results. The
 * address names a result on screen (?work=ID, a run of one photo or 继续编辑): a reload opens it
 * again with its cut-out as last brushed, background and placement, for free.
 */
export function BackgroundScreen() {
  const signedIn = useAuthStore((s) => s.token !== null);
  const drawConfig = useDrawConfig();
  const { result, setResult, error, setError, progress, resultRef, start, explain } =
    useStudioRun<ReplaceResult>('换背景');
  // Photos 抠图 handed over (its 「换背景」 button) start the screen; taken once it has shown them.
  const [files, setFiles] = useState<File[]>(() => useCutoutMemory.getState().handedOff);
  useEffect(() => {
    useCutoutMemory.getState().takeHandedOff();
  }, []);
  const photoUrls = usePhotoUrls(files);
  const cutouts = useCutoutMemory((s) => s.byPhoto);
  const remember = useCutoutMemory((s) => s.remember);
  const [previewed, setPreviewed] = useState(0);
  const [source, setSource] = useState<Source>('library');
  const [backgroundId, setBackgroundId] = useState<string | null>('studio-white');
  const [color, setColor] = useState('#F5F5F5');
  const [prompt, setPrompt] = useState('');
  const [placement, setPlacement] = useState<PlacementState>(DEFAULT_PLACEMENT);
  // The photos of the last run, in the order of its results.
  const [runPhotos, setRunPhotos] = useState<File[]>([]);
  const [touching, setTouching] = useState<File | null>(null);
  const example = useTryExample(setError);
  // Bumped to open the library on the example's category.
  const [pickerKey, setPickerKey] = useState(0);
  const busy = progress !== null;
  // A reopened result is shown as if its photo had just been placed: 修补 and 生成 work on it.
  const work = useWorkInAddress({
    tool: 'replace',
    signedIn,
    resultRef,
    show: (opened, photo) => {
      setError(null);
      setFiles([photo]);
      setPreviewed(0);
      remember(photo, opened.cutout, opened.touchedUp);
      const chosen = opened.background;
      setSource(chosen.kind);
      if (chosen.kind === 'library') {
        setBackgroundId(chosen.id);
        setPickerKey((key) => key + 1);
      }
      if (chosen.kind === 'color') setColor(chosen.color);
      if (chosen.kind === 'prompt') setPrompt(chosen.prompt);
      setPlacement(opened.placement);
      setRunPhotos([photo]);
      setResult({
        results: [{ name: opened.name, image: opened.result, cutout: opened.cutout, workId: opened.workId }],
      });
    },
  });
  const promptReady = drawConfig.data?.configured ?? false;
  const previewPhoto = files[Math.min(previewed, files.length - 1)] ?? null;
  const preview = usePreviewProduct(
    previewPhoto,
    previewPhoto ? cutouts[photoKey(previewPhoto)]?.cutout : undefined,
  );

  const add = (more: File[]) => {
    setError(null);
    const next = [...files, ...more];
    if (next.length > UPLOAD_LIMITS.maxFiles)
      setError(`一次最多处理 ${UPLOAD_LIMITS.maxFiles} 张，已保留前 ${UPLOAD_LIMITS.maxFiles} 张`);
    setFiles(next.slice(0, UPLOAD_LIMITS.maxFiles));
    // The first new photo is the one previewed.
    setPreviewed(Math.min(files.length, UPLOAD_LIMITS.maxFiles - 1));
  };

  const remove = (index: number) => {
    setFiles(files.filter((_, i) => i !== index));
    if (previewed >= index && previewed > 0) setPreviewed(previewed - 1);
  };

  const background = (): ReplaceRequest['background'] | null => {
    if (source === 'library') return backgroundId ? { backgroundId } : null;
    if (source === 'color') return { color };
    return prompt.trim() ? { prompt: prompt.trim() } : null;
  };
  const chosen = background();
  const previewBackground: PreviewBackground =
    source === 'library'
      ? backgroundId
        ? { kind: 'library', url: backgroundThumbUrl(backgroundId) }
        : null
      : source === 'color'
        ? { kind: 'color', color }
        : { kind: 'prompt' };

  /**
   * 生成: photos with a cut-out (the latest, brushed or not) go as `cutoutIds` and are not cut again;
   * the others are cut, and their new cut-outs remembered for the next try and for 修补.
   */
  const replace = (photos: File[], choice: ReplaceRequest['background']) => {
    const known = photos.filter((photo) => cutouts[photoKey(photo)]);
    const fresh = photos.filter((photo) => !cutouts[photoKey(photo)]);
    const order = [...fresh, ...known];
    setRunPhotos(order);
    const cutoutIds = known.map((photo) => cutouts[photoKey(photo)]?.cutout.id as number);
    return start(async (onProgress) => {
      const made = await replaceBackground(
        { files: fresh, cutoutIds, background: choice, ...placement },
        onProgress,
      );
      made.results.forEach((item, index) => {
        const photo = order[index];
        if (item.cutout && photo) remember(photo, item.cutout);
      });
      // One photo's result stays on screen after a reload; several are all in 最近作品.
      if (made.results.length === 1) work.nameInAddress(made.results[0]?.workId);
      else work.forget();
      return made;
    });
  };

  const run = () => {
    if (chosen && files.length > 0) void replace(files, chosen);
  };

  const outcomes: ReplaceOutcome[] = (result?.results ?? []).flatMap((item, index) => {
    const photo = runPhotos[index];
    return photo ? [{ photo, item, canTouchUp: Boolean(cutouts[photoKey(photo)]) }] : [];
  });
  const touchingCutout = touching ? cutouts[photoKey(touching)]?.cutout : undefined;
  const touchingUrl = touching ? photoUrls[files.indexOf(touching)] : undefined;

  const runControls = (
    <RunControls
      signedIn={signedIn}
      feature="replace"
      action="换背景"
      button={
        <Button
          type="primary"
          size="large"
          block
          disabled={files.length === 0 || !chosen}
          loading={busy}
          onClick={run}
        >
          {busy
            ? progress < 1
              ? `正在上传 ${Math.round(progress * 100)}%`
              : '正在抠图并合成…'
            : files.length
              ? `生成 ${files.length} 张`
              : '生成'}
        </Button>
      }
      error={error}
      onDismissError={() => setError(null)}
    />
  );

  // The bundled photo on the background the example shows, through the same flow as the seller's own.
  const tryExample = () =>
    example.tryWith(async () => {
      const photo = await loadExamplePhoto();
      setFiles([photo]);
      setPreviewed(0);
      setSource('library');
      setBackgroundId(EXAMPLE_BACKGROUND_ID);
      setPickerKey((key) => key + 1);
      if (signedIn) void replace([photo], { backgroundId: EXAMPLE_BACKGROUND_ID });
    });

  return (
    <>
      <StudioTabs />
      <div className="tool-page">
        <section className="tool-panel" aria-label="上传与设置">
          <h1>智能做图 · 换背景</h1>
          <p className="muted">
            自动抠出商品，放到新的背景上，带自然的接触阴影。已在「抠图」里抠好或修补过的图片直接用那张抠图。
          </p>
          <ImageDrop
            multiple
            disabled={busy}
            onFiles={add}
            onRefused={setError}
            hint={`JPG、PNG、WebP，一次最多 ${UPLOAD_LIMITS.maxFiles} 张`}
          />
          <ChosenPhotos
            photos={files}
            urls={photoUrls}
            cutouts={cutouts}
            previewed={previewed}
            disabled={busy}
            onPreview={setPreviewed}
            onRemove={remove}
          />

          <Segmented<Source>
            block
            value={source}
            onChange={setSource}
            options={[
              { value: 'library', label: '背景库' },
              { value: 'color', label: '纯色' },
              { value: 'prompt', label: 'AI 场景' },
            ]}
            aria-label="背景来源"
          />
          {source === 'library' ? (
            <BackgroundPicker key={pickerKey} value={backgroundId} onChange={setBackgroundId} />
          ) : null}
          {source === 'color' ? (
            <div className="studio-colors">
              {COLOURS.map((c) => (
                <button
                  key={c}
                  type="button"
                  className="studio-color"
                  style={{ background: c }}
                  aria-label={`颜色 ${c}`}
                  aria-pressed={color.toUpperCase() === c}
                  onClick={() => setColor(c)}
                />
              ))}
              <ColorPicker
                value={color}
                onChange={(value) => setColor(value.toHexString().slice(0, 7))}
                showText
              />
            </div>
          ) : null}
          {source === 'prompt' ? (
            promptReady ? (
              <>
                <Input.TextArea
                  value={prompt}
                  onChange={(e) => setPrompt(e.target.value)}
                  placeholder="例如：清晨窗边的木质桌面，柔和自然光"
                  maxLength={PLACEMENT_LIMITS.promptMaxLength}
                  showCount
                  autoSize={{ minRows: 2, maxRows: 4 }}
                  aria-label="场景描述"
                />
                <p className="muted studio-quota">生成一次场景计 1 次 AI 绘画，失败不计次数</p>
              </>
            ) : (
              <Alert
                type="info"
                showIcon
                title="AI 场景需要先配置 AI 绘画服务"
                description={drawConfig.data?.hint}
              />
            )
          ) : null}

          {/* Before a photo is chosen there is nothing to place: the quota (or 登录) waits here. */}
          {files.length === 0 ? runControls : null}
        </section>

        <section className="studio-result" aria-label="预览与结果">
          {/*
           * The preview where the result will show, with the sliders and 生成 beside it (under it on
           * a phone): moving a slider is seen at once, without scrolling, and asks the server nothing.
           */}
          {files.length > 0 ? (
            <div className="bg-stage">
              <PlacementPreview
                product={preview.product}
                measuring={preview.measuring}
                background={previewBackground}
                placement={placement}
                shadow={placement.shadow}
              />
              <div className="bg-stage__controls">
                <PlacementControls value={placement} onChange={setPlacement} />
                {runControls}
              </div>
            </div>
          ) : null}
          <section ref={resultRef} className="bg-results" aria-label="换背景结果">
            {busy ? (
              <WorkProgress
                percent={Math.round(progress * 100)}
                text={progress < 1 ? '正在上传图片…' : `正在处理 ${files.length} 张图片，每张通常需要几秒钟`}
              />
            ) : null}
            <OpeningNotice what="换背景结果" address={work} busy={busy} />
            {!busy && !result && files.length === 0 && !work.opening ? (
              <StudioExample
                title="换背景示例"
                hint="上传商品图、选好背景后点「生成」，结果会显示在这里"
                before={EXAMPLE_SIDES.photo}
                after={EXAMPLE_SIDES.replaced}
                use="换背景"
                onTry={tryExample}
                loading={example.loading}
              />
            ) : null}
            {result ? <ReplaceResults outcomes={outcomes} busy={busy} onTouchUp={setTouching} /> : null}
          </section>
          <CutoutTouchUp
            target={
              touching && touchingCutout && touchingUrl
                ? { photo: touching, photoUrl: touchingUrl, cutout: touchingCutout }
                : null
            }
            onClose={() => setTouching(null)}
            explain={explain}
          />
        </section>
      </div>
      <RecentWork kinds={RECENT_KINDS} enabled={signedIn} screen="replace" onEdit={work.edit} />
    </>
  );
}
