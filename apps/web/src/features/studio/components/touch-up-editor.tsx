import { ClearOutlined, DragOutlined, HighlightOutlined } from '@ant-design/icons';
import { Button, Checkbox, Segmented } from 'antd';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import '../studio.css';
import '../touch-up.css';
import {
  type Brush,
  canvasOfReach,
  drawStroke,
  loadImage,
  maskToPng,
  pixelsOf,
  reachCanvas,
  type Stroke,
} from '../touch-up-mask';
import { BrushControls } from './brush-controls';
import { useBrushCircle } from './use-brush-circle';
import { useZoomPan } from './use-zoom-pan';
import { ZoomStage } from './zoom-stage';

type Tool = Brush | 'move';

/**
 * 修补: erase what the cut-out kept by mistake, restore what it lost, over the photo itself. The
 * cut-out's alpha is the mask; the original photo shows faintly under it so there is something to
 * restore. Strokes are kept as vectors: undo draws the rest again from the cut-out (a snapshot of a
 * 12-megapixel mask per stroke would be 48 MB). Works with a mouse, a pen or a finger.
 */
export function TouchUpEditor(props: {
  photoUrl: string;
  cutoutUrl: string;
  width: number;
  height: number;
  saving: boolean;
  onSave: (mask: Blob) => void;
  onCancel: () => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const maskRef = useRef<HTMLCanvasElement | null>(null);
  const imagesRef = useRef<{ photo: HTMLImageElement; cutout: HTMLImageElement } | null>(null);
  const reachRef = useRef<HTMLCanvasElement | null>(null);
  const strokeRef = useRef<Stroke | null>(null);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [tool, setTool] = useState<Tool>('erase');
  const [onlyProduct, setOnlyProduct] = useState(true);
  const [size, setSize] = useState(30);
  const [compare, setCompare] = useState<'edited' | 'original'>('edited');
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  /** The restore reach is known (data-reach on the canvas): from the worker, or worked out here. */
  const [reachKnown, setReachKnown] = useState(false);

  /** The restore brush's reach, worked out the first time it is needed (a pass over every pixel). */
  const reach = useCallback(() => {
    const images = imagesRef.current as { photo: HTMLImageElement; cutout: HTMLImageElement };
    reachRef.current ??= reachCanvas(images.photo, images.cutout, props.width, props.height);
    return reachRef.current;
  }, [props.width, props.height]);

  /** The visible canvas: the photo through the mask. */
  const paint = useCallback(() => {
    const canvas = canvasRef.current;
    const mask = maskRef.current;
    const images = imagesRef.current;
    if (!canvas || !mask || !images) return;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.globalCompositeOperation = 'source-over';
    context.clearRect(0, 0, props.width, props.height);
    context.drawImage(images.photo, 0, 0, props.width, props.height);
    if (compare === 'original') return;
    context.globalCompositeOperation = 'destination-in';
    context.drawImage(mask, 0, 0);
    context.globalCompositeOperation = 'source-over';
  }, [props.width, props.height, compare]);

  /** The mask from the cut-out, with every stroke kept so far. */
  const rebuild = useCallback(
    (kept: Stroke[]) => {
      const images = imagesRef.current;
      if (!images) return;
      const mask = maskRef.current ?? document.createElement('canvas');
      mask.width = props.width;
      mask.height = props.height;
      const context = mask.getContext('2d') as CanvasRenderingContext2D;
      context.clearRect(0, 0, props.width, props.height);
      context.drawImage(images.cutout, 0, 0, props.width, props.height);
      for (const stroke of kept) drawStroke(mask, stroke, reach);
      maskRef.current = mask;
    },
    [props.width, props.height, reach],
  );

  useEffect(() => {
    let live = true;
    Promise.all([loadImage(props.photoUrl), loadImage(props.cutoutUrl)])
      .then(([photo, cutout]) => {
        if (!live) return;
        imagesRef.current = { photo, cutout };
        reachRef.current = null;
        setReachKnown(false);
        rebuild([]);
        setReady(true);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [props.photoUrl, props.cutoutUrl, rebuild]);

  useEffect(() => {
    if (ready) paint();
  }, [ready, paint]);

  // Worked out as soon as 恢复 is picked (about a second for 12 megapixels), in a worker so the
  // page keeps responding; a stroke painted before it answers works it out on the spot.
  useEffect(() => {
    if (!ready || tool !== 'restore' || reachRef.current) return;
    const images = imagesRef.current as { photo: HTMLImageElement; cutout: HTMLImageElement };
    if (typeof Worker === 'undefined') {
      const soon = setTimeout(() => {
        reach();
        setReachKnown(true);
      }, 50);
      return () => clearTimeout(soon);
    }
    const worker = new Worker(new URL('../restore-reach.worker.ts', import.meta.url), { type: 'module' });
    const width = props.width;
    const height = props.height;
    worker.onmessage = (event: MessageEvent<Uint8ClampedArray>) => {
      reachRef.current ??= canvasOfReach(event.data, width, height);
      setReachKnown(true);
      worker.terminate();
    };
    worker.onerror = () => worker.terminate();
    const photo = pixelsOf(images.photo, width, height);
    const cutout = pixelsOf(images.cutout, width, height);
    worker.postMessage({ photo, cutout, width, height }, [photo.buffer, cutout.buffer]);
    return () => worker.terminate();
  }, [ready, tool, reach, props.width, props.height]);

  const zoom = useZoomPan(props, {
    moving: tool === 'move',
    // A second finger means zoom, not paint: what the first finger began is taken back.
    onGestureStart: () => {
      if (!strokeRef.current) return;
      strokeRef.current = null;
      rebuild(strokes);
      paint();
    },
  });
  const circle = useBrushCircle(zoom.frameRef);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!ready || props.saving) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (zoom.onPointerDown(event) || tool === 'move' || compare === 'original') return;
    const { x, y, scale } = zoom.locate(event);
    strokeRef.current = { brush: tool, width: size * scale, points: [{ x, y }], onlyProduct };
    drawStroke(maskRef.current as HTMLCanvasElement, strokeRef.current, reach);
    paint();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    // The circle is as wide as the brush on screen (ZoomStage sizes it), so only its place moves.
    circle.follow(event, tool === 'move' || compare === 'original');
    if (zoom.onPointerMove(event)) return;
    const stroke = strokeRef.current;
    if (!stroke) return;
    const { x, y } = zoom.locate(event);
    const last = stroke.points.at(-1) as { x: number; y: number };
    const segment: Stroke = { ...stroke, points: [last, { x, y }] };
    stroke.points.push({ x, y });
    drawStroke(maskRef.current as HTMLCanvasElement, segment, reach);
    paint();
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    zoom.onPointerUp(event);
    const stroke = strokeRef.current;
    strokeRef.current = null;
    if (stroke) setStrokes((kept) => [...kept, stroke]);
  };

  const undo = () => {
    const kept = strokes.slice(0, -1);
    setStrokes(kept);
    rebuild(kept);
    paint();
  };

  const reset = () => {
    setStrokes([]);
    rebuild([]);
    paint();
  };

  const save = async () => {
    if (maskRef.current) props.onSave(await maskToPng(maskRef.current));
  };

  if (failed) return <p className="studio-fail">图片加载失败，请关闭后重试</p>;
  return (
    <div className="touch-up">
      <div className="touch-up__tools">
        <Segmented<Tool>
          value={tool}
          onChange={setTool}
          options={[
            { value: 'erase', label: '擦除', icon: <ClearOutlined /> },
            { value: 'restore', label: '恢复', icon: <HighlightOutlined /> },
            { value: 'move', label: '移动', icon: <DragOutlined /> },
          ]}
          aria-label="画笔"
        />
        <BrushControls
          size={size}
          onSize={setSize}
          strokes={strokes.length}
          busy={props.saving}
          onUndo={undo}
          onReset={reset}
        />
        <Segmented<'edited' | 'original'>
          value={compare}
          onChange={setCompare}
          options={[
            { value: 'edited', label: '修补后' },
            { value: 'original', label: '原图' },
          ]}
          aria-label="对比"
        />
      </div>
      <ZoomStage
        zoom={zoom}
        width={props.width}
        height={props.height}
        maxVh={58}
        ready={ready}
        brushRef={circle.brushRef}
        brushClassName={`touch-up__brush touch-up__brush--${tool}`}
        brushSize={size}
      >
        {tool === 'restore' && compare === 'edited' ? (
          <img className="touch-up__ghost" src={props.photoUrl} alt="" aria-hidden />
        ) : null}
        <canvas
          ref={canvasRef}
          data-ready={ready}
          data-reach={reachKnown ? 'known' : undefined}
          className={zoom.grabbing ? 'touch-up__canvas touch-up__canvas--move' : 'touch-up__canvas'}
          width={props.width}
          height={props.height}
          aria-label="修补画布：在要擦除或恢复的地方涂抹"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onPointerLeave={circle.hide}
        />
      </ZoomStage>
      <p className="muted touch-up__hint">
        {tool === 'erase' ? '在产品旁边多出来的地方涂抹，把它擦掉。' : null}
        {tool === 'restore'
          ? onlyProduct
            ? '在产品缺了的地方涂抹，只涂回商品，背景不会被带回来；和背景同色的部分涂不回来时，取消勾选下面的「只恢复商品」。'
            : '在产品缺了的地方涂抹，涂到哪里恢复哪里，背景也会被带回来。'
          : null}
        {tool === 'move' ? '拖动画面查看其他地方，再选「擦除」或「恢复」继续涂。' : null}
        修补不扣次数，保存后主图会重新生成。
      </p>
      <div className="touch-up__actions">
        {tool === 'restore' ? (
          <Checkbox
            className="touch-up__only-product"
            checked={onlyProduct}
            onChange={(event) => setOnlyProduct(event.target.checked)}
          >
            只恢复商品
          </Checkbox>
        ) : null}
        <Button onClick={props.onCancel} disabled={props.saving}>
          取消
        </Button>
        <Button
          type="primary"
          loading={props.saving}
          disabled={!ready || strokes.length === 0}
          onClick={save}
        >
          保存修补
        </Button>
      </div>
    </div>
  );
}
