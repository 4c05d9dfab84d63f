import { BookOutlined, DownloadOutlined, TranslationOutlined } from '@ant-design/icons';
import {
  type GlossaryTerm,
  type ProductTextChoice,
  TRANSLATE_LANGUAGES,
  type TranslateResult,
} from '@chuhai/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Input, Select, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { StudioTabs } from '../../../components/ui/studio-tabs';
import { useAuthStore } from '../../../stores/auth-store';
import { EXAMPLE_IMAGES, loadExamplePhoto } from '../api/example-photo';
import { useGlossary } from '../api/get-glossary';
import { loadTranslationSource, translationQueryOptions } from '../api/get-translation';
import { translateImage } from '../api/translate-image';
import { translatedFileName } from '../download-name';
import { useOpenedInAddress } from '../use-opened-in-address';
import { useStudioRun } from '../use-studio-run';
import { boxStyle } from './box-style';
import { GlossaryDrawer } from './glossary-drawer';
import { ImageDrop } from './image-drop';
import { KeptAsIsTag, KeptProductTag } from './kept-product-text';
import { RecentWork } from './recent-work';
import { OpeningNotice, RunControls, WorkProgress } from './studio-bits';
import { EXAMPLE_SIDES, StudioExample } from './studio-example';
import { TranslateEditor } from './translate-editor';
import { useTryExample } from './use-example';
import '../studio.css';
import '../translate.css';

/**
 * 最近作品 here: the translated pictures of the last days (each 重新生成 too), to download again;
 * a translation's latest drawing opens it in the editor again (继续编辑).
 */
const RECENT_KINDS = ['translate'] as const;
/** The address names the translation on screen (?translation=ID), so a reload opens it again. */
const OPEN_PARAM = 'translation';

const revokeIfLocal = (url: string | null) => {
  if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
};
/**
 * 智能做图 · 图片翻译: a supplier image's Chinese put into the buyer's language. The text is found
 * on our server, translated by the chat model, erased and drawn again; every block can be edited
 * and drawn again, and the result is read once more for Chinese left behind.
 */
export function TranslateScreen() {
  const signedIn = Boolean(useAuthStore((s) => s.token));
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState('en');
  const [keep, setKeep] = useState('');
  const [productText, setProductText] = useState<ProductTextChoice>('keep');
  const { result, setResult, error, setError, progress, resultRef, start } =
    useStudioRun<TranslateResult>('图片翻译');
  const [original, setOriginal] = useState<string | null>(null);
  // The file the downloads are named after: the upload's, or the reopened translation's.
  const [fileName, setFileName] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const [glossaryOpen, setGlossaryOpen] = useState(false);
  const glossary = useGlossary();
  const busy = progress !== null;
  const example = useTryExample(setError);

  // The translation the address names (继续编辑, a reload), as last drawn, into the editor.
  const address = useOpenedInAddress({
    param: OPEN_PARAM,
    signedIn,
    resultRef,
    load: (id) => queryClient.fetchQuery(translationQueryOptions(id)),
    onOpening: () => setResult(null),
    show: (document) => {
      setFile(null);
      setOriginal((before) => {
        revokeIfLocal(before);
        return document.sourceUrl ?? null;
      });
      setFileName(document.fileName ?? null);
      setTarget(document.target);
      setProductText(document.productText);
      setResult(document);
    },
  });

  const run = async (chosen: File | null = file, onProduct: ProductTextChoice = productText) => {
    if (!chosen || busy) return;
    address.dismissOpenError();
    await start(async (onProgress) => {
      const made = await translateImage(chosen, { target, keep, productText: onProduct }, onProgress);
      address.nameInAddress(made.translationId);
      return made;
    });
  };

  const choose = (files: File[]) => {
    const chosen = files[0] ?? null;
    setFile(chosen);
    setFileName(chosen?.name ?? null);
    setResult(null);
    address.forget();
    revokeIfLocal(original);
    setOriginal(chosen ? URL.createObjectURL(chosen) : null);
    if (chosen && signedIn) void run(chosen);
  };

  // The picture to translate again: the upload, or (a reopened translation has none) its kept 原图.
  const translateAgain = async (onProduct: ProductTextChoice = productText) => {
    const source = result?.sourceUrl;
    const picture =
      file ??
      (source ? await loadTranslationSource(source, fileName ?? 'translated.png').catch(() => null) : null);
    if (!picture) {
      setError('找不到这张翻译的原图，请重新上传图片');
      return;
    }
    setFile(picture);
    await run(picture, onProduct);
  };

  // From the result: the same image again, the product's text translated too (and the box unticked to say so).
  const translateProductToo = () => {
    setProductText('translate');
    void translateAgain('translate');
  };

  const tryExample = () =>
    example.tryWith(async () =>
      choose([await loadExamplePhoto(EXAMPLE_IMAGES.supplier, '示例-精华液卖点图.jpg')]),
    );

  return (
    <>
      <StudioTabs />
      <div className="tool-page">
        <section className="tool-panel" aria-label="上传与设置">
          <h1>智能做图 · 图片翻译</h1>
          <p className="muted">
            把供应商图片上的中文（卖点、角标、尺码表）换成买家的语言，排版、颜色和位置保持不变；翻译后再识别一遍，告诉你还剩几处中文。
          </p>
          <label className="studio-label" htmlFor="translate-target">
            翻译成
          </label>
          <Select
            id="translate-target"
            value={target}
            onChange={setTarget}
            disabled={busy}
            options={TRANSLATE_LANGUAGES.map((l) => ({ value: l.code, label: `${l.name}（${l.english}）` }))}
            style={{ width: '100%' }}
            aria-label="翻译成"
          />
          <div className="translate-glossary-entry">
            <span className="muted">
              {glossary.data?.length
                ? `术语表里的 ${glossary.data.length} 条术语会自动使用`
                : '常用的品牌名、固定译法存进术语表，每次自动使用'}
            </span>
            <Button icon={<BookOutlined />} onClick={() => setGlossaryOpen(true)}>
              术语表{glossary.data?.length ? `（${glossary.data.length}）` : ''}
            </Button>
          </div>
          <label className="studio-label" htmlFor="translate-keep">
            本次保留不译的词（逗号分隔）
          </label>
          <Input
            id="translate-keep"
            value={keep}
            onChange={(event) => setKeep(event.target.value)}
            placeholder="例如：出海牌, X200"
            disabled={busy}
            maxLength={600}
          />
          <Checkbox
            className="translate-product-text"
            checked={productText === 'keep'}
            onChange={(event) => setProductText(event.target.checked ? 'keep' : 'translate')}
            disabled={busy}
          >
            保留商品上的文字
          </Checkbox>
          <p className="muted translate-product-text__hint">
            品牌、包装和标签上印的字不擦不译，只翻译商品周围的卖点；取消勾选则一起翻译
          </p>
          <GlossaryDrawer open={glossaryOpen} onClose={() => setGlossaryOpen(false)} />
          <ImageDrop
            disabled={busy}
            onFiles={choose}
            onRefused={setError}
            hint="JPG、PNG、WebP；选好图片就开始翻译"
          />
          <RunControls
            signedIn={signedIn}
            action="翻译图片"
            feature="translate"
            button={
              <Button
                type="primary"
                size="large"
                block
                icon={<TranslationOutlined />}
                disabled={!file && !result?.sourceUrl}
                loading={busy}
                onClick={() => void translateAgain()}
              >
                {result ? '重新翻译' : '开始翻译'}
              </Button>
            }
            error={error}
            onDismissError={() => setError(null)}
          />
        </section>

        <section ref={resultRef} className="studio-result" aria-label="翻译结果">
          {busy ? (
            <WorkProgress
              percent={Math.round((progress ?? 0) * 100)}
              text={
                (progress ?? 0) < 1
                  ? '正在上传图片…'
                  : '正在识别文字、翻译并重新排版，通常需要几秒钟（服务器刚启动后的第一张要多等一会儿）'
              }
            />
          ) : null}
          <OpeningNotice what="翻译" address={address} busy={busy} />
          {!busy && !result && file ? (
            <div className="studio-empty muted">点「开始翻译」，结果会显示在这里</div>
          ) : null}
          {!busy && !address.opening && !result && !file ? (
            <StudioExample
              title="图片翻译示例"
              hint="上传一张带中文的商品图，翻译结果会和原图并排显示在这里"
              before={EXAMPLE_SIDES.supplier}
              after={EXAMPLE_SIDES.translated}
              use="翻译"
              onTry={() => void tryExample()}
              loading={example.loading}
            />
          ) : null}
          {!busy && result ? (
            <TranslatedView
              result={result}
              original={original}
              fileName={fileName}
              onChange={setResult}
              onTranslateProductToo={translateProductToo}
            />
          ) : null}
        </section>
      </div>
      <RecentWork kinds={RECENT_KINDS} enabled={signedIn} screen="translate" onEdit={address.edit} />
    </>
  );
}

/** A block's text on one line, cut at a word (or at 20 characters) with an ellipsis when long. */
const shortText = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= 20) return line;
  const cut = line.slice(0, 20);
  const space = cut.lastIndexOf(' ');
  return `${space >= 8 ? cut.slice(0, space) : cut}…`;
};

/**
 * How much of the drawn translation an OCR reads back: a buyer's eye is no worse. Blocks read
 * poorly are named by their text, so the seller knows which to make larger, darker or outlined.
 */
function LegibilityTag({ result }: { result: TranslateResult }) {
  const legibility = result.legibility;
  if (!legibility || legibility.words === 0) return null;
  const unclear = result.blocks.filter((b) => legibility.unclear.includes(b.id));
  const tip =
    unclear.length > 0
      ? `不易辨认：${unclear.map((b) => `「${shortText(b.text)}」`).join('、')}。可在下面调大字号、换颜色或打开描边后重新生成`
      : '译文的单词几乎都能被文字识别读出';
  return (
    <Tooltip title={tip}>
      <Tag color={unclear.length === 0 ? 'green' : 'orange'} className="translate-legibility">
        {unclear.length === 0
          ? `译文清晰（${legibility.read}/${legibility.words} 个词可识别）`
          : `${unclear.length} 块译文不易辨认`}
      </Tag>
    </Tooltip>
  );
}

function TranslatedView(props: {
  result: TranslateResult;
  /** The picture as uploaded (or as kept, reopened); absent when no longer kept. */
  original: string | null;
  /** The uploaded file's name: the downloads are named after it. */
  fileName: string | null;
  onChange: (result: TranslateResult) => void;
  onTranslateProductToo: () => void;
}) {
  const { result } = props;
  const clean = result.residual.count === 0;
  return (
    <div className="translate-result">
      <div className="translate-result__head">
        <Tag color={clean ? 'green' : 'orange'} className="translate-residual">
          {clean ? '未发现残留中文' : `残留中文 ${result.residual.count} 个字`}
        </Tag>
        <LegibilityTag result={result} />
        {result.blocks.some((b) => b.overflow) ? (
          <Tag color="orange">{result.blocks.filter((b) => b.overflow).length} 处译文超出原位置</Tag>
        ) : null}
        <GlossaryTags glossary={result.glossary} />
        <RestoredNumbersTag restored={result.restoredNumbers ?? []} />
        <KeptProductTag result={result} onTranslateToo={props.onTranslateProductToo} />
        <KeptAsIsTag result={result} />
        <Button
          className="translate-result__download"
          icon={<DownloadOutlined />}
          href={result.resultUrl}
          download={translatedFileName(props.fileName, result.target, 'png')}
          aria-label="下载翻译后的图片"
        >
          下载
        </Button>
      </div>
      <div className="translate-compare">
        {props.original ? (
          <figure>
            <img src={props.original} alt="原图" />
            <figcaption>原图</figcaption>
          </figure>
        ) : null}
        <figure className="translate-compare__result">
          <div className="translate-overlay">
            <img src={result.resultUrl} alt="翻译后的图片" />
            {result.residual.boxes.map((box) => (
              <span
                key={`${box.x}-${box.y}`}
                className="translate-overlay__residual"
                style={boxStyle(box, result)}
                title="这里还有中文"
              />
            ))}
          </div>
          <figcaption>译图</figcaption>
        </figure>
      </div>
      <TranslateEditor result={result} onChange={props.onChange} fileName={props.fileName} />
    </div>
  );
}

/** Numbers the AI dropped from its translation, put back by the server: the seller checks where they stand. */
function RestoredNumbersTag(props: { restored: NonNullable<TranslateResult['restoredNumbers']> }) {
  const added = props.restored.flatMap((r) => r.added);
  if (added.length === 0) return null;
  const where = props.restored.map((r) => `「${r.source}」补上 ${r.added.join('、')}`).join('；');
  return (
    <Tooltip title={`AI 译文漏了原文的数字，已按原文补上：${where}。请在下面的「编辑文字」里核对位置和写法`}>
      <Tag color="orange">{added.length} 处数字已补回，请核对</Tag>
    </Tooltip>
  );
}

const termText = (t: GlossaryTerm) =>
  t.translation === null ? `${t.source}（保持原文）` : `${t.source} → ${t.translation}`;

/** Which glossary terms were on the image, and those the translation still does not follow (edit them below). */
function GlossaryTags(props: { glossary: TranslateResult['glossary'] }) {
  const { used, missed } = props.glossary;
  const followed = used.filter((t) => !missed.some((m) => m.source === t.source));
  return (
    <>
      {followed.length > 0 ? (
        <Tooltip title={followed.map(termText).join('；')}>
          <Tag color="blue">术语已用 {followed.length} 条</Tag>
        </Tooltip>
      ) : null}
      {missed.length > 0 ? (
        <Tooltip title={`请在下面的「编辑文字」里改：${missed.map(termText).join('；')}`}>
          <Tag color="orange">{missed.length} 条术语未按要求</Tag>
        </Tooltip>
      ) : null}
    </>
  );
}
