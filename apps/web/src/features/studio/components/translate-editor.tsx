import { DragOutlined, HighlightOutlined } from '@ant-design/icons';
import type { TranslatedBlock, TranslateResult } from '@chuhai/contract';
import { Alert, Button, Input, InputNumber, Segmented, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useRefreshAfterRun } from '../api/refresh-after-run';
import { renderTranslation } from '../api/render-translation';
import { NO_REPAIR, type RepairDraft, strokesToSend } from '../repair-brush';
import { DownloadPsdButton } from './download-psd-button';
import { productTextOf } from './kept-product-text';
import { RepairBrush } from './repair-brush';
import { boxFromShown, shownBox } from './shown-box';
import { TranslateCanvas } from './translate-canvas';

/** What the editor's picture does: place the text, or paint repairs under it (修补画笔). */
type PictureTool = 'text' | 'repair';

const AXES = [
  { axis: 'x', name: '横坐标' },
  { axis: 'y', name: '纵坐标' },
] as const;

/** Black or white, whichever stands out from `hex` (#rrggbb). */
const outlineColourFor = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? '#000000' : '#ffffff';
};

/** 描边: on or off, and its colour; a new one is black or white against the text, 8% of its size wide. */
function OutlineProp(props: {
  block: TranslatedBlock;
  onChange: (outline: TranslatedBlock['outline']) => void;
}) {
  const { block } = props;
  return (
    <span className="translate-prop">
      描边
      <Switch
        size="small"
        checked={Boolean(block.outline)}
        aria-label={`第 ${block.id} 块描边`}
        onChange={(on) =>
          props.onChange(
            on
              ? {
                  color: outlineColourFor(block.color),
                  width: Math.max(2, Math.round(block.fontSize * 0.08)),
                }
              : null,
          )
        }
      />
      {block.outline ? (
        <input
          type="color"
          value={block.outline.color}
          aria-label={`第 ${block.id} 块描边颜色`}
          onChange={(event) =>
            props.onChange({ width: block.outline?.width ?? 2, color: event.target.value })
          }
        />
      ) : null}
    </span>
  );
}

/**
 * 编辑文字: every translated block as a layer (text, size, colour, outline, position, hide), the original
 * shown on hover; 重新生成 draws them again on the erased image on the server, 下载 PSD saves them
 * as layers. Text kept on the product is outlined and named, and is not counted as leftover when
 * the image is read again. 修补画笔 paints repairs on the erased image, sent with 重新生成.
 */
export function TranslateEditor(props: {
  result: TranslateResult;
  onChange: (result: TranslateResult) => void;
  fileName?: string | null;
}) {
  const { result } = props;
  const onProduct = productTextOf(result);
  const [blocks, setBlocks] = useState<TranslatedBlock[]>(result.blocks);
  const [hover, setHover] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tool, setTool] = useState<PictureTool>('text');
  const [repair, setRepair] = useState<RepairDraft>(NO_REPAIR);
  // Each drawing is kept in 最近作品 too.
  const refreshRecent = useRefreshAfterRun();
  useEffect(() => setBlocks(result.blocks), [result.blocks]);
  // Strokes belong to the translation they were painted on (another one opened: they go).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the translation changes
  useEffect(() => setRepair(NO_REPAIR), [result.backgroundId]);
  const strokes = strokesToSend(repair);
  const edited = JSON.stringify(blocks) !== JSON.stringify(result.blocks) || strokes.length > 0;

  const change = (id: number, patch: Partial<TranslatedBlock>) =>
    setBlocks((all) => all.map((b) => (b.id === id ? { ...b, ...patch } : b)));
  // X and Y are the box the seller sees on the picture (where the text is drawn), kept on it.
  const move = (block: TranslatedBlock, axis: 'x' | 'y', value: number | null) => {
    const shown = shownBox(block, result.blocks);
    const limit = axis === 'x' ? result.width - shown.width : result.height - shown.height;
    const at = Math.max(0, Math.min(limit, Math.round(value ?? 0)));
    change(block.id, { box: boxFromShown(block, result.blocks, { ...shown, [axis]: at }) });
  };

  const render = async () => {
    setSaving(true);
    setError(null);
    try {
      const drawn = await renderTranslation({
        backgroundId: result.backgroundId,
        target: result.target,
        blocks,
        kept: result.kept.filter((k) => k.reason !== 'no-chinese').map((k) => k.text),
        ...(strokes.length > 0 ? { repair: strokes } : {}),
      });
      // The repairs are on the erased picture now (drawn.backgroundUrl): nothing is left to send.
      setRepair(NO_REPAIR);
      // What was read back belongs to the picture before the edits: it is not shown for this one.
      props.onChange({ ...result, ...drawn, legibility: null });
      void refreshRecent();
    } catch (failure) {
      setError((failure as { msg?: string }).msg ?? '重新生成失败，请稍后再试');
    } finally {
      setSaving(false);
    }
  };

  const canvasProps = {
    result,
    blocks,
    kept: onProduct,
    hover,
    onHover: setHover,
    onBox: (id: number, box: TranslatedBlock['box']) => change(id, { box }),
    onPick: (id: number) => document.getElementById(`translate-block-${id}`)?.focus(),
  };

  return (
    <section className="translate-editor" aria-label="编辑文字">
      <div className="translate-editor__head">
        <h2>编辑文字</h2>
        <div className="translate-editor__actions">
          <DownloadPsdButton
            result={result}
            blocks={blocks}
            repair={strokes}
            onError={setError}
            fileName={props.fileName}
          />
          <Button type="primary" loading={saving} disabled={!edited} onClick={() => void render()}>
            重新生成
          </Button>
        </div>
      </div>
      {onProduct.length > 0 ? (
        <p className="muted translate-editor__kept">
          商品上的文字已保留（绿色虚线框）：{onProduct.map((k) => k.text.replace(/\n/g, ' ')).join('、')}
        </p>
      ) : null}
      <div className="translate-editor__tools">
        <Segmented<PictureTool>
          value={tool}
          onChange={setTool}
          options={[
            { value: 'text', label: '摆放文字', icon: <DragOutlined /> },
            { value: 'repair', label: '修补画笔', icon: <HighlightOutlined /> },
          ]}
          aria-label="图片上的工具"
        />
        {tool === 'text' && strokes.length > 0 ? (
          <span className="muted">已涂 {repair.drags.length} 笔修补，点「重新生成」后画到图上</span>
        ) : null}
      </div>
      {tool === 'repair' ? (
        <RepairBrush
          width={result.width}
          height={result.height}
          backgroundUrl={result.backgroundUrl}
          sourceUrl={result.sourceUrl}
          draft={repair}
          onDraft={setRepair}
          busy={saving}
        >
          <TranslateCanvas {...canvasProps} still />
        </RepairBrush>
      ) : (
        <TranslateCanvas {...canvasProps} />
      )}
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <ol className="translate-blocks">
        {blocks.map((block) => (
          <li key={block.id} className={hover === block.id ? 'translate-blocks__item--hover' : undefined}>
            <p className="muted translate-blocks__source">原文：{block.source}</p>
            <Input.TextArea
              id={`translate-block-${block.id}`}
              value={block.text}
              aria-label={`第 ${block.id} 块译文`}
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={500}
              onChange={(event) => change(block.id, { text: event.target.value })}
              onFocus={() => setHover(block.id)}
              onBlur={() => setHover(null)}
            />
            <div className="translate-blocks__props">
              <span className="translate-prop">
                字号
                <InputNumber
                  size="small"
                  min={6}
                  max={400}
                  value={block.fontSize}
                  aria-label={`第 ${block.id} 块字号`}
                  onChange={(value) => change(block.id, { fontSize: Math.round(value ?? block.fontSize) })}
                />
              </span>
              <span className="translate-prop">
                颜色
                <input
                  type="color"
                  value={block.color}
                  aria-label={`第 ${block.id} 块颜色`}
                  onChange={(event) => change(block.id, { color: event.target.value })}
                />
              </span>
              <OutlineProp block={block} onChange={(outline) => change(block.id, { outline })} />
              {AXES.map(({ axis, name }) => (
                <span className="translate-prop" key={axis}>
                  {axis.toUpperCase()}
                  <InputNumber
                    size="small"
                    value={shownBox(block, result.blocks)[axis]}
                    onChange={(v) => move(block, axis, v)}
                    aria-label={`第 ${block.id} 块${name}`}
                  />
                </span>
              ))}
              <span className="translate-prop">
                隐藏
                <Switch
                  size="small"
                  checked={block.hidden}
                  aria-label={`隐藏第 ${block.id} 块`}
                  onChange={(hidden) => change(block.id, { hidden })}
                />
              </span>
              {block.overflow ? <span className="translate-blocks__overflow">超出原位置</span> : null}
              {result.legibility?.unclear.includes(block.id) ? (
                <span className="translate-blocks__overflow">不易辨认</span>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
