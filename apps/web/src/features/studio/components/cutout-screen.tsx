import {
  BgColorsOutlined,
  DownloadOutlined,
  EditOutlined,
  ThunderboltOutlined,
  ZoomInOutlined,
} from '@ant-design/icons';
import {
  type CutoutResult,
  type CutoutStage,
  type ImageMarketplaceId,
  MAIN_IMAGE_RULE_SETS,
  MARKETPLACE_PRESETS,
  type MarketplacePreset,
  PRESET_NAMES,
} from '@chuhai/contract';
import { Button, Checkbox, Image, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PREVIEW_MOTION } from '../../../components/ui/preview-motion';
import { StudioTabs } from '../../../components/ui/studio-tabs';
import { paths } from '../../../config/paths';
import { downloadHref, downloadName } from '../../../lib/download-name';
import { useAuthStore } from '../../../stores/auth-store';
import { loadExamplePhoto } from '../api/example-photo';
import { fixMainImage, removeBackground } from '../api/remove-background';
import { saveTouchUp } from '../api/save-touch-up';
import { useCutoutMemory } from '../cutout-memory';
import { useStudioRun } from '../use-studio-run';
import { useWorkInAddress } from '../use-work-in-address';
import { CheckReport } from './check-report';
import { CompareSlider } from './compare-slider';
import { ImageDrop } from './image-drop';
import { type AllPartsChoice, allPartsAction, MainImageResult } from './main-image-result';
import { RecentWork } from './recent-work';
import { OpeningNotice, RunControls, revealIfBelowFold, StageProgress, type StageStep } from './studio-bits';
import { EXAMPLE_SIDES, StudioExample } from './studio-example';
import { TouchUpEditor } from './touch-up-editor';
import { useTryExample } from './use-example';
import '../studio.css';

type Phase =
  | { name: 'idle' }
  | { name: 'uploading'; share: number }
  | { name: 'server'; stage: CutoutStage }
  | { name: 'fixing' }
  | { name: 'keeping' };

const STEPS: Record<'upload' | CutoutStage, StageStep> = {
  upload: { title: '上传', doing: '正在上传图片' },
  matting: { title: '抠图', doing: '正在识别商品并抠图' },
  main: { title: '生成主图', doing: '正在生成白底主图' },
  check: { title: '检查', doing: '正在按平台规则检查主图' },
};

const presetOptions = PRESET_NAMES.map((name) => ({
  value: name,
  label: `${MARKETPLACE_PRESETS[name].label} · ${MARKETPLACE_PRESETS[name].size}×${MARKETPLACE_PRESETS[name].size}`,
}));

/** An object URL for the chosen file, released when the file changes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** 「亚马逊 Amazon」 for a report's marketplace id. */
const rulesName = (id: string) => MAIN_IMAGE_RULE_SETS[id as ImageMarketplaceId]?.name ?? id;

/** 最近作品 here: cut-outs and main images; a work's latest ones open it again (继续编辑). */
const RECENT_KINDS = ['cutout', 'main'] as const;

/**
 * 智能做图 · 抠图: upload, cut out, compare, check as a main image, fix, download. The address
 * names the work on screen (?work=ID): a reload or 继续编辑 opens it as last brushed, for free.
 */
export function CutoutScreen() {
  const signedIn = useAuthStore((s) => s.token !== null);
  // The upload's progress is a phase here (its server stages, 修补, 「这些都是商品」), so `start` is not used.
  const { result, setResult, error, setError, resultRef, explain, refreshAfterRun } =
    useStudioRun<CutoutResult>('抠图');
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreview(file);
  const [preset, setPreset] = useState<MarketplacePreset>('amazon');
  const [makeMain, setMakeMain] = useState(true);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  // 「这些都是商品」 for the shown main image; a new photo or a touch-up asks again.
  const [allParts, setAllParts] = useState<AllPartsChoice>('open');
  const example = useTryExample(setError);
  const busy = phase.name !== 'idle';

  const [touching, setTouching] = useState<'closed' | 'open' | 'saving'>('closed');
  const [bigCutout, setBigCutout] = useState(false);
  const remember = useCutoutMemory((s) => s.remember);
  const handOff = useCutoutMemory((s) => s.handOff);
  const navigate = useNavigate();
  // A reopened work is shown as if its photo had just been cut: the same buttons work on it.
  const work = useWorkInAddress({
    tool: 'cutout',
    signedIn,
    resultRef,
    show: (opened, photo) => {
      setFile(photo);
      setError(null);
      setPreset((opened.main?.preset ?? opened.preset) as MarketplacePreset);
      setMakeMain(opened.makeMain);
      const { workId, cutout, check, main } = opened;
      setResult({
        workId,
        cutout,
        ...(check ? { check } : {}),
        ...(main ? { main: { image: main.image, preset: main.preset, check: main.check } } : {}),
      });
      setAllParts(main?.allParts ? 'kept' : 'open');
      remember(photo, cutout, opened.touchedUp);
    },
  });
  const steps = makeMain ? ['upload', 'matting', 'main', 'check'] : ['upload', 'matting'];
  const cutoutName = downloadName(file?.name, ['抠图'], 'png');

  const run = async (chosen: File | null = file) => {
    if (!chosen) return;
    setError(null);
    setResult(null);
    setAllParts('open');
    setPhase({ name: 'uploading', share: 0 });
    revealIfBelowFold(resultRef.current);
    try {
      const made = await removeBackground(
        chosen,
        makeMain ? preset : null,
        (share) => setPhase(share >= 1 ? { name: 'server', stage: 'matting' } : { name: 'uploading', share }),
        (stage) => setPhase({ name: 'server', stage }),
      );
      setResult(made);
      work.nameInAddress(made.workId);
      // 换背景 starts from this cut-out when the seller takes the same photo there.
      if (made.cutout) remember(chosen, made.cutout);
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setPhase({ name: 'idle' });
      void refreshAfterRun();
    }
  };

  // Choosing a photo starts the work: there is nothing else to decide first.
  const choose = (files: File[]) => {
    const chosen = files[0] ?? null;
    setFile(chosen);
    setResult(null);
    setError(null);
    work.forget();
    if (chosen && signedIn) void run(chosen);
  };

  // The bundled photo goes through the same flow as one the seller chose.
  const tryExample = () => example.tryWith(async () => choose([await loadExamplePhoto()]));

  const saveMask = async (mask: Blob) => {
    if (!result?.cutout) return;
    setTouching('saving');
    try {
      const edited = await saveTouchUp(result.cutout.id, preset, mask);
      setResult({ ...result, cutout: edited.cutout, main: edited.main });
      if (file && edited.cutout) remember(file, edited.cutout, true);
      setAllParts('open');
      setTouching('closed');
    } catch (failure) {
      setError(explain(failure));
      setTouching('open');
    } finally {
      void refreshAfterRun();
    }
  };

  const fix = async () => {
    if (!result?.cutout) return;
    setError(null);
    setPhase({ name: 'fixing' });
    try {
      const fixed = await fixMainImage(result.cutout.id, preset);
      setResult({ ...result, main: fixed.main });
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setPhase({ name: 'idle' });
      void refreshAfterRun();
    }
  };

  // 「这些都是商品」: the main image again from the same cut-out, keeping every part (one use, as a fix).
  const keepAllParts = async (mainPreset: MarketplacePreset) => {
    if (!result?.cutout) return;
    setError(null);
    setPhase({ name: 'keeping' });
    setAllParts('making');
    try {
      const made = await fixMainImage(result.cutout.id, mainPreset, { allParts: true });
      // The cut-out held the product only: the server cut every part again into a new one.
      setResult({ ...result, cutout: made.cutout ?? result.cutout, main: made.main });
      if (file && made.cutout) remember(file, made.cutout);
      setAllParts('kept');
    } catch (failure) {
      setError(explain(failure));
      setAllParts('open');
    } finally {
      setPhase({ name: 'idle' });
      void refreshAfterRun();
    }
  };

  return (
    <>
      <StudioTabs />
      <div className="tool-page">
        <section className="tool-panel" aria-label="上传与设置">
          <h1>智能做图 · 抠图</h1>
          <p className="muted">
            抠出透明底产品图，检查并生成符合平台要求的白底主图。整个目录一起做：
            <Link to={paths.batch.getHref()}>批量处理</Link>
          </p>
          <ImageDrop disabled={busy} onFiles={choose} onRefused={setError} />
          {file ? <p className="studio-file">已选择：{file.name}</p> : null}
          <div className="studio-field">
            <span>主图尺寸</span>
            <Select<MarketplacePreset>
              value={preset}
              onChange={setPreset}
              options={presetOptions}
              aria-label="主图尺寸"
            />
          </div>
          <Checkbox checked={makeMain} onChange={(e) => setMakeMain(e.target.checked)}>
            同时生成白底主图
          </Checkbox>
          <RunControls
            signedIn={signedIn}
            feature="cutout"
            action="抠图"
            button={
              <Button type="primary" size="large" block disabled={!file} loading={busy} onClick={() => run()}>
                {phase.name === 'uploading'
                  ? `正在上传 ${Math.round(phase.share * 100)}%`
                  : phase.name === 'server'
                    ? `正在${STEPS[phase.stage].title}…`
                    : result
                      ? '重新抠图'
                      : '开始抠图'}
              </Button>
            }
            error={error}
            onDismissError={() => setError(null)}
          />
        </section>

        <section ref={resultRef} className="studio-result" aria-label="抠图结果">
          {phase.name === 'uploading' || phase.name === 'server' ? (
            <StageProgress
              steps={steps.map((step) => STEPS[step as keyof typeof STEPS])}
              current={steps.indexOf(phase.name === 'uploading' ? 'upload' : phase.stage)}
              detail={phase.name === 'uploading' ? `${Math.round(phase.share * 100)}%` : undefined}
            />
          ) : null}
          {!result && !busy && preview ? (
            <img className="studio-preview" src={preview} alt="待处理的图片" />
          ) : null}
          <OpeningNotice what="抠图" address={work} busy={busy} />
          {!result && !busy && !preview && !work.opening ? (
            <StudioExample
              title="抠图示例"
              hint="上传一张产品照片，这里会显示抠图前后对比和主图检查结果"
              before={EXAMPLE_SIDES.photo}
              after={EXAMPLE_SIDES.cutout}
              use="抠图"
              onTry={tryExample}
              loading={example.loading}
            />
          ) : null}
          {result?.cutout && preview ? (
            <>
              <CompareSlider
                before={preview}
                after={result.cutout.url}
                width={result.cutout.width}
                height={result.cutout.height}
              />
              <div className="studio-actions">
                <a href={downloadHref(result.cutout.url, cutoutName)} download={cutoutName}>
                  <Button icon={<DownloadOutlined />}>下载透明底 PNG</Button>
                </a>
                <Button icon={<EditOutlined />} onClick={() => setTouching('open')} disabled={busy}>
                  修补
                </Button>
                <Button
                  icon={<BgColorsOutlined />}
                  disabled={busy}
                  onClick={() => {
                    // The photo goes along; 换背景 finds its latest (maybe brushed) cut-out and starts from it.
                    if (file) handOff([file]);
                    navigate(paths.background.getHref());
                  }}
                >
                  换背景
                </Button>
                <Button icon={<ZoomInOutlined />} onClick={() => setBigCutout(true)}>
                  查看大图
                </Button>
                <Image
                  className="studio-hidden"
                  src={result.cutout.url}
                  alt="抠图大图"
                  preview={{ open: bigCutout, onOpenChange: setBigCutout, motionName: PREVIEW_MOTION }}
                />
              </div>
              <Modal
                title="修补抠图"
                open={touching !== 'closed'}
                onCancel={() => touching !== 'saving' && setTouching('closed')}
                footer={null}
                width={960}
                destroyOnHidden
              >
                <TouchUpEditor
                  photoUrl={preview}
                  cutoutUrl={result.cutout.url}
                  width={result.cutout.width}
                  height={result.cutout.height}
                  saving={touching === 'saving'}
                  onSave={saveMask}
                  onCancel={() => setTouching('closed')}
                />
              </Modal>
            </>
          ) : null}
          {result?.check ? (
            <div className="studio-check">
              <CheckReport
                report={result.check}
                title={`原图主图检查（${rulesName(result.check.marketplace)}规则）`}
                // With no main image yet, 「这些都是商品」 makes one that keeps every part.
                ruleAction={
                  result.main
                    ? undefined
                    : (rule) =>
                        allPartsAction(rule, allParts, busy && allParts !== 'making', () =>
                          keepAllParts(preset),
                        )
                }
              />
              {!result.check.pass && !result.main ? (
                <Button
                  type="primary"
                  icon={<ThunderboltOutlined />}
                  loading={phase.name === 'fixing'}
                  disabled={busy && phase.name !== 'fixing'}
                  onClick={fix}
                >
                  一键修正为合规主图
                </Button>
              ) : null}
            </div>
          ) : null}
          {result?.main ? (
            <MainImageResult
              main={result.main}
              fileName={file?.name}
              allParts={allParts}
              busy={busy}
              onKeepAllParts={() => keepAllParts(result.main?.preset as MarketplacePreset)}
            />
          ) : null}
        </section>
      </div>
      <RecentWork kinds={RECENT_KINDS} enabled={signedIn} screen="cutout" onEdit={work.edit} />
    </>
  );
}
