import { PictureOutlined } from '@ant-design/icons';
import {
  DEFAULT_IMAGE_SIZE,
  DRAW_LIMITS,
  type DrawnImage,
  drawPromptProblem,
  IMAGE_SIZE_NAMES,
  IMAGE_SIZES,
  type ImageSize,
  ResultCode,
} from '@chuhai/contract';
import { Alert, App, Button, Input, Result, Segmented, Skeleton, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SignInButton } from '../../../components/ui/sign-in-prompt';
import { paths } from '../../../config/paths';
import { useAccountInfo } from '../../../entities/account/get-account-info';
import { useDrawConfig } from '../../../entities/draw-config/get-draw-config';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { useCreateImage } from '../api/drawing';
import { Gallery } from './gallery';
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

/** AI 绘画: a prompt with examples, the size, progress while it works, and the gallery. */
export function DrawScreen() {
  const config = useDrawConfig();
  const signedIn = useAuthStore((s) => s.token !== null);
  const info = useAccountInfo({ noError: true, enabled: signedIn });
  const create = useCreateImage();
  const [prompt, setPrompt] = useState('');
  const [size, setSize] = useState<ImageSize>(DEFAULT_IMAGE_SIZE);
  const [error, setError] = useState<string | null>(null);
  const [latest, setLatest] = useState<DrawnImage | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const elapsed = useElapsed(create.isPending);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const usage = info.data?.usage.find((u) => u.feature === 'draw');
  const problem = drawPromptProblem(prompt);

  const generate = async () => {
    setError(null);
    try {
      const image = await create.mutateAsync({ prompt: prompt.trim(), imageSize: size });
      setLatest(image);
      setPageNo(1);
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      if (apiError?.code === ResultCode.quotaExceeded || apiError?.code === ResultCode.vipRequired) {
        modal.confirm({
          title: '今日绘画次数已用完',
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
        <Result
          icon={<PictureOutlined />}
          status="warning"
          title="AI 绘画暂未开通"
          subTitle={config.data.hint}
        />
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
          showCount
          maxLength={DRAW_LIMITS.promptMaxLength}
          aria-label="画面描述"
        />
        <div className="draw-examples">
          {EXAMPLES.map((example) => (
            <button key={example} type="button" className="example-chip" onClick={() => setPrompt(example)}>
              {example}
            </button>
          ))}
        </div>
        <div className="draw-options">
          <span>尺寸</span>
          <Segmented<ImageSize>
            value={size}
            onChange={setSize}
            options={IMAGE_SIZES.map((s) => ({ value: s, label: IMAGE_SIZE_NAMES[s] }))}
            aria-label="图片尺寸"
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
            {create.isPending ? `正在生成… ${elapsed} 秒` : '生成图片'}
          </Button>
        ) : (
          <SignInButton label="登录后生成" size="large" block />
        )}
        {usage ? (
          <p className="muted draw-quota">
            今日剩余 {Math.max(0, usage.limit - usage.used)}/{usage.limit} 张
          </p>
        ) : null}
        {error ? (
          <Alert type="error" showIcon title={error} closable={{ onClose: () => setError(null) }} />
        ) : null}
      </section>
      <section className="draw-result" aria-label="生成结果">
        {create.isPending ? (
          <div className="draw-progress">
            <Spin size="large" />
            <p>正在生成，通常需要 10 到 60 秒，请不要关闭页面（已等待 {elapsed} 秒）</p>
          </div>
        ) : latest ? (
          <figure className="draw-latest">
            <img src={latest.url} alt={latest.prompt} />
            <figcaption className="muted">{latest.prompt}</figcaption>
          </figure>
        ) : null}
        {signedIn ? (
          <Gallery
            pageNo={pageNo}
            onPage={setPageNo}
            onReuse={(image) => {
              setPrompt(image.prompt);
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
