import { PictureOutlined } from '@ant-design/icons';
import {
  DEFAULT_IMAGE_SIZE,
  DRAW_LIMITS,
  type DrawGroup,
  drawPromptProblem,
  IMAGE_SIZE_NAMES,
  IMAGE_SIZES,
  type ImageSize,
  ResultCode,
} from '@chuhai/contract';
import { Alert, App, Button, Input, Segmented, Skeleton, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { NotConfigured } from '../../../components/ui/not-configured';
import { SignInButton } from '../../../components/ui/sign-in-prompt';
import { paths } from '../../../config/paths';
import { useAccountInfo } from '../../../entities/account/get-account-info';
import { useDrawConfig } from '../../../entities/draw-config/get-draw-config';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { useCreateImage } from '../api/create-image';
import { useImageList } from '../api/get-image-list';
import { composePrompt, descriptionMaxLength, type StylePreset, splitPrompt } from '../style-presets';
import { DRAW_EXAMPLE, DrawExample } from './draw-example';
import { DrawGroupResult } from './draw-group';
import { Gallery } from './gallery';
import { StylePicker } from './style-picker';
import '../draw.css';

const EXAMPLES = [
  '一瓶护肤精华放在白色大理石台面上，柔和的自然光，产品摄影，高清',
  '木质桌面上的陶瓷咖啡杯，清晨窗边阳光，温暖生活方式场景',
  '户外露营场景中的便携露营灯，夜晚星空，电商主图风格',
  '圣诞节氛围的礼品盒与彩灯，红绿配色，适合节日促销海报背景',
] as const;

/** Seconds since `since`, ticking, while a drawing is being made. */
function useElapsed(active: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!active) return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return seconds;
}

const COUNTS = Array.from(
  { length: DRAW_LIMITS.maxCount - DRAW_LIMITS.minCount + 1 },
  (_, i) => DRAW_LIMITS.minCount + i,
);

/** AI 绘画: a prompt with examples and styles, the size and count, progress, the group drawn, the gallery. */
export function DrawScreen() {
  const config = useDrawConfig();
  const signedIn = useAuthStore((s) => s.token !== null);
  const info = useAccountInfo({ noError: true, enabled: signedIn });
  const create = useCreateImage();
  const [prompt, setPrompt] = useState('');
  const [preset, setPreset] = useState<StylePreset | null>(null);
  const [size, setSize] = useState<ImageSize>(DEFAULT_IMAGE_SIZE);
  const [count, setCount] = useState<number>(DRAW_LIMITS.defaultCount);
  const [error, setError] = useState<string | null>(null);
  const [latest, setLatest] = useState<{ prompt: string; group: DrawGroup } | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const firstPage = useImageList(1);
  const resultRef = useRef<HTMLElement>(null);
  const elapsed = useElapsed(create.isPending);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const usage = info.data?.usage.find((u) => u.feature === 'draw');
  const left = usage ? Math.max(0, usage.limit - usage.used) : null;
  const fullPrompt = composePrompt(prompt, preset);
  const problem = drawPromptProblem(fullPrompt);
  // Before the seller has drawn anything: an example of what a description and a style give.
  const showExample =
    !create.isPending && !latest && (!signedIn || (firstPage.isSuccess && firstPage.data.total === 0));

  const generate = async () => {
    setError(null);
    // On a phone the results are under the form: bring the progress into view.
    const results = resultRef.current;
    if (results && results.getBoundingClientRect().top > window.innerHeight * 0.8)
      results.scrollIntoView({ behavior: 'smooth', block: 'start' });
    try {
      const image = await create.mutateAsync({ prompt: fullPrompt, imageSize: size, count });
      setLatest({
        prompt: image.prompt,
        group: image.group ?? { requested: 1, images: [image], failures: [] },
      });
      setPageNo(1);
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      if (apiError?.code === ResultCode.quotaExceeded || apiError?.code === ResultCode.vipRequired) {
        modal.confirm({
          title: left && left > 0 ? '今日剩余次数不够' : '今日绘画次数已用完',
          content: apiError.msg,
          okText: '开通 VIP',
          cancelText: '知道了',
          onOk: () => navigate(paths.price.getHref()),
        });
        return;
      }
      setError(apiError?.msg ?? '生成失败，请稍后再试');
    }
  };

  if (config.isPending) return <Skeleton active className="tool-page" />;
  if (config.data && !config.data.configured) {
    return (
      <div className="tool-page">
        <NotConfigured feature="AI 绘画" icon={<PictureOutlined />} hint={config.data.hint} />
      </div>
    );
  }

  return (
    <div className="tool-page">
      <section className="tool-panel draw-form" aria-label="生成图片">
        <h1>AI 绘画</h1>
        <p className="muted">描述你想要的商品场景、海报背景或配图，AI 帮你画出来。</p>
        <Input.TextArea
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          placeholder="例如：白色背景上的无线耳机，柔和光线，产品摄影"
          autoSize={{ minRows: 4, maxRows: 8 }}
          // The seller's own characters against what their description may hold: a style's phrase
          // (sent with it, shown under the box) takes its share of the limit, not of the count
          // (「155/1000」 for 33 typed characters read as a bug).
          showCount={{ formatter: ({ count: typed }) => `${typed} / ${descriptionMaxLength(preset)}` }}
          maxLength={descriptionMaxLength(preset)}
          aria-label="画面描述"
        />
        <div className="draw-examples">
          {EXAMPLES.map((example) => (
            <button key={example} type="button" className="example-chip" onClick={() => setPrompt(example)}>
              {example}
            </button>
          ))}
        </div>
        <StylePicker value={preset} onChange={setPreset} disabled={create.isPending} />
        <div className="draw-options">
          <span>尺寸</span>
          <Segmented<ImageSize>
            value={size}
            onChange={setSize}
            options={IMAGE_SIZES.map((s) => ({ value: s, label: IMAGE_SIZE_NAMES[s] }))}
            aria-label="图片尺寸"
          />
        </div>
        <div className="draw-options">
          <span>数量</span>
          <Segmented<number>
            value={count}
            onChange={setCount}
            options={COUNTS.map((n) => ({ value: n, label: `${n} 张` }))}
            aria-label="生成数量"
          />
        </div>
        {signedIn ? (
          <Button
            type="primary"
            size="large"
            block
            onClick={generate}
            loading={create.isPending}
            disabled={Boolean(problem)}
          >
            {create.isPending ? `正在生成… ${elapsed} 秒` : count === 1 ? '生成图片' : `生成 ${count} 张图片`}
          </Button>
        ) : (
          <SignInButton label="登录后生成" size="large" block />
        )}
        {usage ? (
          <p className="muted draw-quota">
            今日剩余 {left}/{usage.limit} 张{count > 1 ? ` · 本次用 ${count} 张，没生成的不计` : ''}
          </p>
        ) : null}
        {left !== null && left > 0 && count > left ? (
          <p className="draw-quota draw-quota--short">
            今日只剩 {left} 张，请把数量减到 {left} 张以内
          </p>
        ) : null}
        {error ? (
          <Alert type="error" showIcon title={error} closable={{ onClose: () => setError(null) }} />
        ) : null}
      </section>
      <section ref={resultRef} className="draw-result" aria-label="生成结果">
        {create.isPending ? (
          <div className="draw-progress" role="status">
            <Spin size="large" />
            <p>
              {count > 1 ? `正在同时生成 ${count} 张，` : '正在生成，'}
              通常需要 10 到 60 秒，请不要关闭页面（已等待 {elapsed} 秒）
            </p>
          </div>
        ) : latest ? (
          <DrawGroupResult prompt={latest.prompt} group={latest.group} />
        ) : null}
        {showExample ? (
          <DrawExample
            onTry={() => {
              setPrompt(DRAW_EXAMPLE.description);
              setPreset(DRAW_EXAMPLE.preset);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        ) : null}
        {signedIn ? (
          <Gallery
            pageNo={pageNo}
            onPage={setPageNo}
            onReuse={(image) => {
              const reused = splitPrompt(image.prompt);
              setPrompt(reused.description);
              setPreset(reused.preset);
              if ((IMAGE_SIZES as readonly string[]).includes(image.imageSize))
                setSize(image.imageSize as ImageSize);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        ) : null}
      </section>
    </div>
  );
}
