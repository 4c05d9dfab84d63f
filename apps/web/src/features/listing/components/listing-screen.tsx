import { FileTextOutlined } from '@ant-design/icons';
import {
  type Listing,
  type ListingFacts,
  type ListingTarget,
  ResultCode,
  targetName,
} from '@chuhai/contract';
import { Alert, App, Button, Progress, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { NotConfigured } from '../../../components/ui/not-configured';
import { SignInButton } from '../../../components/ui/sign-in-prompt';
import { paths } from '../../../config/paths';
import { useAccountInfo } from '../../../entities/account/get-account-info';
import { useChatConfig } from '../../../entities/chat-config/get-chat-config';
import { EMPTY_FACTS, FactsForm } from '../../../entities/listing/facts-form';
import { useAuthStore } from '../../../stores/auth-store';
import { fixListing } from '../api/fix-listing';
import { generateListing } from '../api/generate-listing';
import { useAfterWrite, type WriteOutcome } from '../api/write-listing';
import { useListingInAddress } from '../use-listing-in-address';
import { ListingEditor } from './listing-editor';
import { ListingHistory } from './listing-history';
import { DEFAULT_TARGET, TargetPicker } from './target-picker';
import '../listing.css';

/** A listing of a few thousand characters; the bar fills towards this and waits at 95 %. */
const EXPECTED_CHARS = 2500;

interface Writing {
  key: string;
  label: string;
  chars: number;
  stage: 'writing' | 'repairing';
}

/** Listing 工作台: product facts in, a checked listing per marketplace and site out. */
export function ListingScreen() {
  const config = useChatConfig();
  const signedIn = useAuthStore((s) => s.token !== null);
  const info = useAccountInfo({ noError: true, enabled: signedIn });
  const vip = (info.data?.ConsumerLevel.length ?? 0) > 0;
  const chat = info.data?.usage.find((u) => u.feature === 'chat');
  const [facts, setFacts] = useState<ListingFacts>(EMPTY_FACTS);
  const [targets, setTargets] = useState<ListingTarget[]>([DEFAULT_TARGET]);
  const [writing, setWriting] = useState<Writing[]>([]);
  const [open, setOpen] = useState<Listing[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const abort = useRef<AbortController | null>(null);
  const afterWrite = useAfterWrite();
  const { modal } = App.useApp();
  const navigate = useNavigate();

  const show = (listing: Listing) =>
    setOpen((current) => [listing, ...current.filter((l) => l.id !== listing.id)].slice(0, 6));

  const workbench = useRef<HTMLDivElement>(null);
  const [reopened, setReopened] = useState<{ id: number } | null>(null);
  /** 打开 from 我的 listing: the listing in the editor, and its product and site back in the form. */
  const reopen = (listing: Listing) => {
    show(listing);
    setFacts({ ...EMPTY_FACTS, ...listing.facts });
    setTargets([{ marketplace: listing.marketplace, site: listing.site, language: listing.language }]);
    setReopened({ id: listing.id });
  };
  const addressed = useListingInAddress(signedIn, reopen);
  // Once the opened listing is on the page: on a wide screen the form and the editor sit side by
  // side, so the workbench's top shows both; on a phone the editor is under a long form (about
  // 1,300 px down), and the seller is taken to the listing they opened.
  useEffect(() => {
    if (!reopened) return;
    const phone = window.matchMedia('(max-width: 900px)').matches;
    const editor = document.querySelector(`[data-listing-id="${reopened.id}"]`);
    (phone && editor ? editor : workbench.current)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [reopened]);

  /** Runs one write with its own progress row; returns how it ended. */
  const run = async (key: string, label: string, start: (signal: AbortSignal) => Promise<WriteOutcome>) => {
    setWriting((w) => [...w, { key, label, chars: 0, stage: 'writing' }]);
    const outcome = await start((abort.current as AbortController).signal);
    setWriting((w) => w.filter((x) => x.key !== key));
    if (outcome.type === 'listing') show(outcome.listing);
    else if (outcome.type === 'error') {
      if (outcome.code === ResultCode.quotaExceeded || outcome.code === ResultCode.vipRequired)
        modal.confirm({
          title: '今日次数已用完',
          content: outcome.msg,
          okText: '开通 VIP',
          cancelText: '知道了',
          onOk: () => navigate(paths.price.getHref()),
        });
      else setErrors((e) => [...e, `${label}：${outcome.msg}`]);
    }
  };

  const progressOf = (key: string) => ({
    onProgress: (p: { chars: number; stage: 'writing' | 'repairing' }) =>
      setWriting((w) => w.map((x) => (x.key === key ? { ...x, chars: p.chars, stage: p.stage } : x))),
  });

  const results = useRef<HTMLElement>(null);

  const start = async () => {
    setErrors([]);
    abort.current = new AbortController();
    // On a phone the results sit under the form: take the seller to them.
    if (window.matchMedia('(max-width: 900px)').matches)
      results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    await Promise.all(
      targets.map((target, i) => {
        const key = `new-${i}-${Date.now()}`;
        return run(key, targetName(target.marketplace, target.site), (signal) =>
          generateListing(
            { facts: { ...facts, productName: facts.productName.trim() }, target },
            {
              signal,
              ...progressOf(key),
            },
          ),
        );
      }),
    );
    afterWrite();
  };

  const fix = async (listing: Listing) => {
    setErrors([]);
    if (!abort.current || abort.current.signal.aborted) abort.current = new AbortController();
    const key = `fix-${listing.id}`;
    await run(key, `修正 ${targetName(listing.marketplace, listing.site)}`, (signal) =>
      fixListing(listing.id, { signal, ...progressOf(key) }),
    );
    afterWrite();
  };

  if (config.isPending) return <Skeleton active className="listing-page" />;
  if (config.data && !config.data.configured)
    return (
      <div className="listing-page">
        <NotConfigured feature="Listing 工作台" icon={<FileTextOutlined />} hint={config.data.hint} />
      </div>
    );

  const busy = writing.length > 0;
  return (
    <div className="listing-page">
      <div className="listing-workbench" ref={workbench}>
        <section className="tool-panel listing-form" aria-label="商品信息">
          <h1>Listing 工作台</h1>
          <p className="muted">填写商品信息，按平台规则写出标题、五点描述、描述和搜索词，并逐条检查。</p>
          <FactsForm value={facts} onChange={setFacts} />
          <h2 className="listing-form__subhead">发布到</h2>
          <TargetPicker value={targets} onChange={setTargets} vip={vip} />
          {signedIn ? (
            <Button
              type="primary"
              size="large"
              block
              loading={busy}
              disabled={!facts.productName.trim()}
              onClick={() => void start()}
            >
              {busy ? '正在撰写…' : '开始撰写'}
            </Button>
          ) : (
            <SignInButton label="登录后撰写" size="large" block />
          )}
          {chat ? (
            <p className="muted listing-form__quota">
              每个站点算一次 AI 问答，今日剩余 {Math.max(0, chat.limit - chat.used)}/{chat.limit} 次
            </p>
          ) : null}
        </section>

        <section className="tool-column" aria-label="撰写结果" ref={results}>
          {writing.map((w) => (
            <div key={w.key} className="listing-writing" role="status">
              <span>
                {w.stage === 'repairing' ? `${w.label}：格式有误，正在重写…` : `${w.label}：正在撰写…`}
                <span className="muted"> 已写 {w.chars} 字</span>
              </span>
              <Progress
                percent={Math.min(95, Math.round((w.chars / EXPECTED_CHARS) * 100))}
                size="small"
                showInfo={false}
              />
            </div>
          ))}
          {busy ? (
            <Button onClick={() => abort.current?.abort()} className="listing-writing__cancel">
              取消
            </Button>
          ) : null}
          {addressed.openError ? (
            <Alert
              type="error"
              showIcon
              closable={{ onClose: addressed.dismissOpenError }}
              title={`没能打开这条 listing：${addressed.openError}`}
            />
          ) : null}
          {errors.map((error) => (
            <Alert key={error} type="error" showIcon title={error} />
          ))}
          {open.map((listing) => (
            <ListingEditor
              key={listing.id}
              listing={listing}
              busy={writing.some((w) => w.key === `fix-${listing.id}`)}
              onFix={(l) => void fix(l)}
            />
          ))}
          {open.length === 0 && !busy ? (
            <div className="listing-empty muted">
              <FileTextOutlined />
              <p>写好的 listing 会显示在这里：每个字段都有字数统计和规则检查，不合规的地方一键修正。</p>
            </div>
          ) : null}
        </section>
      </div>
      {signedIn ? <ListingHistory onOpen={reopen} /> : null}
    </div>
  );
}
