import { BgColorsOutlined, DragOutlined, FormatPainterOutlined, RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Segmented, Tooltip } from 'antd';
import { type PointerEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import '../touch-up.css';
import '../repair-brush.css';
import {
  beginStroke,
  brushWidth,
  dragCount,
  dropStroke,
  endStroke,
  extendStroke,
  meanColour,
  NO_REPAIR,
  pixelAt,
  type RepairDraft,
  type RepairTool,
  undoStroke,
} from '../repair-brush';
import { paintPreview, paintStroke, pixelsAround } from '../repair-preview';
import { loadImage } from '../touch-up-mask';
import { BrushControls } from './brush-controls';
import { useBrushCircle } from './use-brush-circle';
import { useZoomPan } from './use-zoom-pan';
import { ZoomStage } from './zoom-stage';

const HINTS: Record<RepairTool | 'pick', string> = {
  pick: '点一下图片，取要用的颜色（比如污迹旁边的底色）。',
  colour: '在污迹、残影上涂抹，用取到的颜色盖住；点「重新取色」换颜色。',
  restore: '在擦坏了的图案上涂抹，涂到哪里就恢复哪里的原图（原图上的中文也会回来）。',
  move: '拖动画面查看其他地方，再选「取色」或「恢复原图」继续涂。',
};

/**
 * 图片翻译 · 修补画笔: paint over what the erasing left (取色: a colour picked from the picture) or
 * paint the original back where the erasing damaged a pattern (恢复原图), on the erased picture,
 * under the text. The strokes are kept in the picture's pixels (`draft`, held by the editor, which
 * sends them with 重新生成); the preview here paints them as the server will. Zoom and pan are the
 * cut-out 修补's (use-zoom-pan.ts); a mouse, a pen or a finger paints.
 */
export function RepairBrush(props: {
  width: number;
  height: number;
  /** The erased picture as last repaired. */
  backgroundUrl: string;
  /** The picture as uploaded: 恢复原图 paints it back; absent, that brush is off. */
  sourceUrl?: string | undefined;
  draft: RepairDraft;
  onDraft: (draft: RepairDraft) => void;
  /** 重新生成 is drawing the strokes: no painting meanwhile. */
  busy: boolean;
  /** The translated text, shown over the picture (it is drawn over the repair). */
  children: ReactNode;
}) {
  const picture = { width: props.width, height: props.height };
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const imagesRef = useRef<{ background: HTMLImageElement; original: HTMLImageElement | null } | null>(null);
  const draftRef = useRef<RepairDraft>(props.draft);
  const [tool, setTool] = useState<RepairTool>('colour');
  const [colour, setColour] = useState<string | null>(null);
  const [picking, setPicking] = useState(true);
  const [size, setSize] = useState(24);
  const [showText, setShowText] = useState(true);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const pickNow = tool === 'colour' && (picking || !colour);

  const repaint = useCallback(() => {
    const canvas = canvasRef.current;
    const images = imagesRef.current;
    if (!canvas || !images) return;
    const shown = draftRef.current;
    const strokes = shown.drawing ? [...shown.strokes, shown.drawing] : shown.strokes;
    paintPreview(canvas, images.background, strokes, images.original);
  }, []);

  useEffect(() => {
    let live = true;
    setReady(false);
    Promise.all([loadImage(props.backgroundUrl), props.sourceUrl ? loadImage(props.sourceUrl) : null])
      .then(([background, original]) => {
        if (!live) return;
        imagesRef.current = { background, original };
        setFailed(false);
        setReady(true);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [props.backgroundUrl, props.sourceUrl]);

  // The editor's strokes (after an undo, after 重新生成 drew them) are what the preview shows.
  useEffect(() => {
    draftRef.current = props.draft;
    if (ready) repaint();
  }, [props.draft, ready, repaint]);

  const zoom = useZoomPan(picture, {
    moving: tool === 'move',
    // A second finger means zoom, not paint: what the first finger began is taken back.
    onGestureStart: () => {
      if (!draftRef.current.drawing) return;
      draftRef.current = dropStroke(draftRef.current);
      repaint();
    },
  });
  const circle = useBrushCircle(zoom.frameRef);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!ready || props.busy) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (zoom.onPointerDown(event) || tool === 'move') return;
    const at = zoom.locate(event);
    if (pickNow) {
      const [x, y] = pixelAt(at, picture);
      setColour(meanColour(pixelsAround(event.currentTarget, x, y)));
      setPicking(false);
      return;
    }
    const brush = { mode: tool, colour, width: brushWidth(size, at.scale) };
    const next = beginStroke(draftRef.current, brush, at, picture);
    draftRef.current = next;
    if (next.drawing) paintStroke(event.currentTarget, next.drawing, imagesRef.current?.original ?? null);
    else if (next.full) props.onDraft(next);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const at = zoom.locate(event);
    circle.follow(event, tool === 'move' || pickNow, brushWidth(size, at.scale) / at.scale);
    if (zoom.onPointerMove(event)) return;
    const before = draftRef.current;
    if (!before.drawing) return;
    const next = extendStroke(before, at, picture);
    if (next === before) return;
    draftRef.current = next;
    const last = before.drawing.points.at(-1) as [number, number];
    const added = (next.drawing ?? next.strokes.at(-1))?.points.at(-1);
    if (added && added !== last)
      paintStroke(
        event.currentTarget,
        { ...before.drawing, points: [last, added] },
        imagesRef.current?.original ?? null,
      );
    if (next.full) props.onDraft(next);
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    zoom.onPointerUp(event);
    if (!draftRef.current.drawing) return;
    draftRef.current = endStroke(draftRef.current);
    props.onDraft(draftRef.current);
  };

  if (failed) return <p className="studio-fail">图片加载失败，请关掉修补画笔后重试</p>;
  return (
    <div className="repair-brush">
      <div className="touch-up__tools">
        <Segmented<RepairTool>
          value={tool}
          onChange={setTool}
          options={[
            { value: 'colour', label: '取色', icon: <BgColorsOutlined /> },
            {
              value: 'restore',
              label: props.sourceUrl ? (
                '恢复原图'
              ) : (
                <Tooltip title="这张翻译没有保存原图">
                  <span>恢复原图</span>
                </Tooltip>
              ),
              icon: <RollbackOutlined />,
              disabled: !props.sourceUrl,
            },
            { value: 'move', label: '移动', icon: <DragOutlined /> },
          ]}
          aria-label="修补画笔"
        />
        {tool === 'colour' ? (
          <span className="repair-brush__colour">
            <input
              type="color"
              value={colour ?? '#ffffff'}
              aria-label="画笔颜色"
              onChange={(event) => {
                setColour(event.target.value);
                setPicking(false);
              }}
            />
            <Button
              icon={<FormatPainterOutlined />}
              aria-pressed={pickNow}
              type={pickNow ? 'primary' : 'default'}
              onClick={() => setPicking(true)}
            >
              {colour ? '重新取色' : '取色中'}
            </Button>
          </span>
        ) : null}
        <BrushControls
          size={size}
          onSize={setSize}
          strokes={dragCount(props.draft)}
          busy={props.busy}
          onUndo={() => props.onDraft(undoStroke(props.draft))}
          onReset={() => props.onDraft(NO_REPAIR)}
        />
        <Checkbox checked={showText} onChange={(event) => setShowText(event.target.checked)}>
          显示文字
        </Checkbox>
      </div>
      <ZoomStage
        zoom={zoom}
        width={props.width}
        height={props.height}
        maxVh={64}
        frameClassName="repair-brush__frame"
        ready={ready}
        brushRef={circle.brushRef}
        brushClassName={`touch-up__brush${tool === 'restore' ? ' touch-up__brush--restore' : ''}`}
      >
        <canvas
          ref={canvasRef}
          data-ready={ready}
          data-colour={colour ?? undefined}
          className={[
            'touch-up__canvas',
            zoom.grabbing ? 'touch-up__canvas--move' : '',
            pickNow ? 'repair-brush__canvas--pick' : '',
          ].join(' ')}
          width={props.width}
          height={props.height}
          aria-label="修补画布：在要修补的地方涂抹"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onPointerLeave={circle.hide}
        />
        {showText ? <div className="repair-brush__text">{props.children}</div> : null}
      </ZoomStage>
      {props.draft.full ? <Alert type="warning" showIcon title={props.draft.full} /> : null}
      <p className="muted touch-up__hint">
        {HINTS[pickNow ? 'pick' : tool]}
        修补画在底图上、文字下面，不扣次数；点「重新生成」后画到图上，之后的重新生成、继续编辑和下载 PSD
        都会保留。
      </p>
    </div>
  );
}
