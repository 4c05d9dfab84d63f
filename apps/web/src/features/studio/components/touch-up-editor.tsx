import { ClearOutlined, HighlightOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Segmented, Slider } from 'antd';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import '../studio.css';
import '../touch-up.css';

type Brush = 'erase' | 'restore';

/** One drag of the brush, in the image's own pixels, so undo can draw the rest again. */
interface Stroke {
  brush: Brush;
  width: number;
  points: { x: number; y: number }[];
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`could not load ${src}`));
    image.src = src;
  });
}

/** A stroke on the mask: erasing clears alpha, restoring paints it opaque again. */
function drawStroke(context: CanvasRenderingContext2D, stroke: Stroke) {
  context.save();
  context.globalCompositeOperation = stroke.brush === 'erase' ? 'destination-out' : 'source-over';
  context.strokeStyle = '#000';
  context.fillStyle = '#000';
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.lineWidth = stroke.width;
  const [first, ...rest] = stroke.points;
  if (first) {
    context.beginPath();
    context.arc(first.x, first.y, stroke.width / 2, 0, Math.PI * 2);
    context.fill();
    if (rest.length > 0) {
      context.beginPath();
      context.moveTo(first.x, first.y);
      for (const point of rest) context.lineTo(point.x, point.y);
      context.stroke();
    }
  }
  context.restore();
}

/** The mask's alpha as a greyscale PNG (white = product), the form the server takes. */
function maskToPng(mask: HTMLCanvasElement): Promise<Blob> {
  const { width, height } = mask;
  const pixels = (mask.getContext('2d') as CanvasRenderingContext2D).getImageData(0, 0, width, height);
  const data = pixels.data;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3] as number;
    data[i] = alpha;
    data[i + 1] = alpha;
    data[i + 2] = alpha;
    data[i + 3] = 255;
  }
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  (out.getContext('2d') as CanvasRenderingContext2D).putImageData(pixels, 0, 0);
  return new Promise((resolve, reject) =>
    out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'),
  );
}

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
  const strokeRef = useRef<Stroke | null>(null);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [brush, setBrush] = useState<Brush>('erase');
  const [size, setSize] = useState(30);
  const [view, setView] = useState<'edited' | 'original'>('edited');
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

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
    if (view === 'original') return;
    context.globalCompositeOperation = 'destination-in';
    context.drawImage(mask, 0, 0);
    context.globalCompositeOperation = 'source-over';
  }, [props.width, props.height, view]);

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
      for (const stroke of kept) drawStroke(context, stroke);
      maskRef.current = mask;
    },
    [props.width, props.height],
  );

  useEffect(() => {
    let live = true;
    Promise.all([loadImage(props.photoUrl), loadImage(props.cutoutUrl)])
      .then(([photo, cutout]) => {
        if (!live) return;
        imagesRef.current = { photo, cutout };
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

  /** Where the pointer is, in the image's pixels, and how many image pixels a screen pixel is. */
  const locate = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scale = props.width / rect.width;
    return { x: (event.clientX - rect.left) * scale, y: (event.clientY - rect.top) * scale, scale };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!ready || view === 'original' || props.saving) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const { x, y, scale } = locate(event);
    strokeRef.current = { brush, width: size * scale, points: [{ x, y }] };
    drawStroke(maskRef.current?.getContext('2d') as CanvasRenderingContext2D, strokeRef.current);
    paint();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = strokeRef.current;
    if (!stroke) return;
    const { x, y } = locate(event);
    const last = stroke.points.at(-1) as { x: number; y: number };
    const segment: Stroke = { ...stroke, points: [last, { x, y }] };
    stroke.points.push({ x, y });
    drawStroke(maskRef.current?.getContext('2d') as CanvasRenderingContext2D, segment);
    paint();
  };

  const onPointerUp = () => {
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
        <Segmented<Brush>
          value={brush}
          onChange={setBrush}
          options={[
            { value: 'erase', label: '擦除', icon: <ClearOutlined /> },
            { value: 'restore', label: '恢复', icon: <HighlightOutlined /> },
          ]}
          aria-label="画笔"
        />
        <div className="touch-up__size">
          <span className="touch-up__size-label">画笔大小</span>
          <Slider min={4} max={120} value={size} onChange={setSize} ariaLabelForHandle="画笔大小" />
        </div>
        <Button icon={<UndoOutlined />} disabled={strokes.length === 0 || props.saving} onClick={undo}>
          撤销
        </Button>
        <Button disabled={strokes.length === 0 || props.saving} onClick={reset}>
          全部重来
        </Button>
        <Segmented<'edited' | 'original'>
          value={view}
          onChange={setView}
          options={[
            { value: 'edited', label: '修补后' },
            { value: 'original', label: '原图' },
          ]}
          aria-label="对比"
        />
      </div>
      <div className="touch-up__stage">
        <div
          className="touch-up__frame"
          style={{
            aspectRatio: `${props.width} / ${props.height}`,
            width: `min(100%, calc(62vh * ${(props.width / props.height).toFixed(4)}))`,
          }}
        >
          {brush === 'restore' && view === 'edited' ? (
            <img className="touch-up__ghost" src={props.photoUrl} alt="" aria-hidden />
          ) : null}
          {ready ? null : <div className="touch-up__loading">正在载入图片…</div>}
          <canvas
            ref={canvasRef}
            data-ready={ready}
            className="touch-up__canvas"
            width={props.width}
            height={props.height}
            aria-label="修补画布：在要擦除或恢复的地方涂抹"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          />
        </div>
      </div>
      <p className="muted touch-up__hint">
        {brush === 'erase'
          ? '在产品旁边多出来的地方涂抹，把它擦掉'
          : '在产品缺了的地方涂抹，原图淡淡地显示在下面'}
        。修补不扣次数，保存后主图会重新生成。
      </p>
      <div className="touch-up__actions">
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
