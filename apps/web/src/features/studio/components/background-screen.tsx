import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { PLACEMENT_LIMITS, type ReplaceResult, UPLOAD_LIMITS } from '@chuhai/contract';
import { Alert, Button, ColorPicker, Image, Input, Segmented, Slider, Switch } from 'antd';
import { useState } from 'react';
import { ExampleShowcase } from '../../../components/ui/example-showcase';
import { PREVIEW_MOTION } from '../../../components/ui/preview-motion';
import { StudioTabs } from '../../../components/ui/studio-tabs';
import { useDrawConfig } from '../../../entities/draw-config/get-draw-config';
import { useAuthStore } from '../../../stores/auth-store';
import { EXAMPLE_BACKGROUND_ID, EXAMPLE_IMAGES, loadExamplePhoto } from '../api/example-photo';
import { type ReplaceRequest, replaceBackground } from '../api/replace-background';
import { useStudioRun } from '../use-studio-run';
import { BackgroundPicker } from './background-picker';
import { ImageDrop } from './image-drop';
import { RecentWork } from './recent-work';
import { RunControls, WorkProgress } from './studio-bits';
import { useTryExample } from './use-example';
import '../studio.css';
import '../background.css';

type Source = 'library' | 'color' | 'prompt';
const COLOURS = ['#FFFFFF', '#F5F5F5', '#FDEBD3', '#DCEBFA', '#E3F4E8', '#FBE3EA', '#222222'];

const RECENT_KINDS = ['replace'] as const;

/** 智能做图 · 换背景: products, a background (library, colour or prompt), placement, results. */
export function BackgroundScreen() {
  const signedIn = useAuthStore((s) => s.token !== null);
  const drawConfig = useDrawConfig();
  const { result, error, setError, progress, resultRef, start } = useStudioRun<ReplaceResult>('换背景');
  const [files, setFiles] = useState<File[]>([]);
  const [source, setSource] = useState<Source>('library');
  const [backgroundId, setBackgroundId] = useState<string | null>('studio-white');
  const [color, setColor] = useState('#F5F5F5');
  const [prompt, setPrompt] = useState('');
  const [scale, setScale] = useState<number>(PLACEMENT_LIMITS.scale.default);
  const [x, setX] = useState<number>(PLACEMENT_LIMITS.x.default);
  const [y, setY] = useState<number>(PLACEMENT_LIMITS.y.default);
  const [shadow, setShadow] = useState(true);
  const example = useTryExample(setError);
  // Bumped to open the library on the example's category.
  const [pickerKey, setPickerKey] = useState(0);
  const busy = progress !== null;
  const promptReady = drawConfig.data?.configured ?? false;

  const add = (more: File[]) => {
    setError(null);
    const next = [...files, ...more];
    if (next.length > UPLOAD_LIMITS.maxFiles)
      setError(`一次最多处理 ${UPLOAD_LIMITS.maxFiles} 张，已保留前 ${UPLOAD_LIMITS.maxFiles} 张`);
    setFiles(next.slice(0, UPLOAD_LIMITS.maxFiles));
  };

  const background = (): ReplaceRequest['background'] | null => {
    if (source === 'library') return backgroundId ? { backgroundId } : null;
    if (source === 'color') return { color };
    return prompt.trim() ? { prompt: prompt.trim() } : null;
  };
  const chosen = background();

  const replace = (request: ReplaceRequest) => start((onProgress) => replaceBackground(request, onProgress));

  const run = () => {
    if (chosen && files.length > 0) void replace({ files, background: chosen, scale, x, y, shadow });
  };

  // The bundled photo on the background the example shows, through the same flow as the seller's own.
  const tryExample = () =>
    example.tryWith(async () => {
      const photo = await loadExamplePhoto();
      setFiles([photo]);
      setSource('library');
      setBackgroundId(EXAMPLE_BACKGROUND_ID);
      setPickerKey((key) => key + 1);
      if (signedIn)
        void replace({
          files: [photo],
          background: { backgroundId: EXAMPLE_BACKGROUND_ID },
          scale,
          x,
          y,
          shadow,
        });
    });

  return (
    <>
      <StudioTabs />
      <div className="tool-page">
        <section className="tool-panel" aria-label="上传与设置">
          <h1>智能做图 · 换背景</h1>
          <p className="muted">自动抠出商品，放到新的背景上，带自然的接触阴影。</p>
          <ImageDrop
            multiple
            disabled={busy}
            onFiles={add}
            onRefused={(reasons) => setError(reasons.join('；'))}
            hint={`JPG、PNG、WebP，一次最多 ${UPLOAD_LIMITS.maxFiles} 张`}
          />
          {files.length ? (
            <ul className="studio-files" aria-label="已选择的图片">
              {files.map((file, index) => (
                <li key={`${file.name}-${file.size}-${file.lastModified}`}>
                  <span>{file.name}</span>
                  <Button
                    size="small"
                    type="text"
                    icon={<CloseOutlined />}
                    aria-label={`移除 ${file.name}`}
                    onClick={() => setFiles(files.filter((_, i) => i !== index))}
                  />
                </li>
              ))}
            </ul>
          ) : null}

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

          <fieldset className="studio-placement">
            <legend>商品摆放</legend>
            <div className="studio-row">
              <span>大小 {Math.round(scale * 100)}%</span>
              <Slider
                min={PLACEMENT_LIMITS.scale.min}
                max={PLACEMENT_LIMITS.scale.max}
                step={0.05}
                value={scale}
                onChange={setScale}
                tooltip={{ open: false }}
                aria-label="商品大小"
              />
            </div>
            <div className="studio-row">
              <span>左右位置</span>
              <Slider
                min={0}
                max={1}
                step={0.05}
                value={x}
                onChange={setX}
                tooltip={{ open: false }}
                aria-label="左右位置"
              />
            </div>
            <div className="studio-row">
              <span>落脚高度</span>
              <Slider
                min={PLACEMENT_LIMITS.y.min}
                max={PLACEMENT_LIMITS.y.max}
                step={0.05}
                value={y}
                onChange={setY}
                tooltip={{ open: false }}
                aria-label="落脚高度"
              />
            </div>
            <div className="studio-switch studio-row">
              <span>接触阴影</span>
              <Switch checked={shadow} onChange={setShadow} aria-label="接触阴影" />
            </div>
          </fieldset>

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
        </section>

        <section ref={resultRef} className="studio-result" aria-label="换背景结果">
          {busy ? (
            <WorkProgress
              percent={Math.round(progress * 100)}
              text={progress < 1 ? '正在上传图片…' : `正在处理 ${files.length} 张图片，每张通常需要几秒钟`}
            />
          ) : null}
          {!busy && !result && files.length > 0 ? (
            <div className="studio-empty muted">选好背景后点「生成」，结果会显示在这里</div>
          ) : null}
          {!busy && !result && files.length === 0 ? (
            <ExampleShowcase
              title="换背景示例"
              hint="上传商品图、选好背景后点「生成」，结果会显示在这里"
              before={{ label: '原图', image: EXAMPLE_IMAGES.before, alt: '示例原图' }}
              after={{ label: '换到「窗边光影」背景', image: EXAMPLE_IMAGES.replaced, alt: '示例换背景效果' }}
              action="用示例图片试试"
              onAction={tryExample}
              loading={example.loading}
              note={signedIn ? '用示例图片换背景同样计 1 次' : '登录后即可试用'}
            />
          ) : null}
          {result ? (
            <Image.PreviewGroup preview={{ motionName: PREVIEW_MOTION }}>
              <div className="studio-results">
                {result.results.map((item) => (
                  <figure
                    key={item.image ? item.image.id : `${item.name}:${item.error}`}
                    className="studio-result-card"
                  >
                    {item.image ? (
                      <>
                        <Image src={item.image.url} alt={`${item.name} 换背景结果`} />
                        <figcaption>
                          <span>{item.name}</span>
                          <a href={`${item.image.url}&download=1`} download>
                            <Button size="small" icon={<DownloadOutlined />}>
                              下载
                            </Button>
                          </a>
                        </figcaption>
                      </>
                    ) : (
                      <Alert type="error" showIcon title={item.name} description={item.error} />
                    )}
                  </figure>
                ))}
              </div>
            </Image.PreviewGroup>
          ) : null}
        </section>
      </div>
      <RecentWork kinds={RECENT_KINDS} enabled={signedIn} />
    </>
  );
}
