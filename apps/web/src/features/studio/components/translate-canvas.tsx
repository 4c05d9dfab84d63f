import type { KeptText, TranslatedBlock, TranslateResult } from '@chuhai/contract';
import { Tooltip } from 'antd';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { boxStyle } from './box-style';
import { boxFromShown, shownBox } from './shown-box';

/** The least a block's box may be resized to, in picture pixels. */
const MIN_SIDE = 12;

/** How many screen pixels a picture pixel is, as the canvas is shown now (1 until measured). */
function useScale(canvas: React.RefObject<HTMLDivElement | null>, pictureWidth: number) {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setScale(element.clientWidth / pictureWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [canvas, pictureWidth]);
  return scale;
}

/**
 * Where the block's text goes inside the box the seller sees, in screen pixels. That box is where
 * the server drew it (shownBox), so the text fills it; before any drawing it fills the block's box.
 */
function textPlace(block: TranslatedBlock, drawnBlocks: TranslatedBlock[], scale: number) {
  const was = drawnBlocks.find((b) => b.id === block.id);
  // Slanted letters (the original's headline leaned): sheared as the server shears them, tops to
  // the right by the block's angle. A font's italic would lean by its own angle, or not at all.
  const lean = block.slant ? ` skewX(${-block.slant}deg)` : '';
  if (!was?.drawn) return lean ? { transform: lean.trim() } : {};
  const inset = block.outline?.width ?? 0;
  const width = Math.max(1, shownBox(block, drawnBlocks).width - 2 * inset);
  // The browser's letters run a little wider than the server's: a tenth more room, on the side
  // the text grows to, so that it wraps where the drawing did.
  const spare = width * 0.1;
  const shift = block.align === 'left' ? 0 : block.align === 'right' ? spare : spare / 2;
  // The drawn box is the letters' ink, shorter than the browser's lines (their leading): the lines
  // are centred on it, so the box sits on the text, not over its lower half.
  const middle = 'translateY(-50%)';
  const place = { position: 'absolute' as const, left: `${(inset - shift) * scale}px`, top: '50%' };
  // Letters condensed to fit (the server's 85% or 75%): laid out as much wider as they are
  // narrower, then squeezed from the left into the same room, as the server draws them. Full
  // width, they ran past the box over the neighbours of the picture the seller gets.
  const squeeze = was.horizontalScale ?? 1;
  if (squeeze >= 1) return { ...place, transform: `${middle}${lean}`, width: `${(width + spare) * scale}px` };
  return {
    ...place,
    transform: `${middle} scaleX(${squeeze})${lean}`,
    transformOrigin: 'left center',
    width: `${((width + spare) / squeeze) * scale}px`,
  };
}

/** A drag in progress: where the pointer went down and the box as it was then. */
interface Drag {
  kind: 'move' | 'resize';
  pointerX: number;
  pointerY: number;
  /** The box the seller sees (shownBox), which the drag moves or resizes. */
  box: TranslatedBlock['box'];
  moved: boolean;
}

interface CanvasProps {
  result: TranslateResult;
  blocks: TranslatedBlock[];
  kept: KeptText[];
  hover: number | null;
  onHover: (id: number | null) => void;
  onBox: (id: number, box: TranslatedBlock['box']) => void;
  onPick: (id: number) => void;
}

/**
 * The editor's picture: the erased background with every block's text drawn where it goes, in its
 * size, colour, weight and outline (as the browser draws it: 重新生成 draws it for real). A block
 * is dragged to move it, resized from its corner, nudged with the arrow keys (Shift: 10 px), and
 * a tap picks its fields below. `still`: only the text, over a picture shown by someone else (the
 * 修补画笔's), which takes every pointer.
 */
export function TranslateCanvas(props: CanvasProps & { still?: boolean }) {
  if (props.still) return <StillText {...props} />;
  return <MovableText {...props} />;
}

/** The blocks' text alone, where it will be drawn: nothing to press, nothing announced twice. */
function StillText(props: { result: TranslateResult; blocks: TranslatedBlock[] }) {
  const { result } = props;
  const canvas = useRef<HTMLDivElement>(null);
  const scale = useScale(canvas, result.width);
  return (
    <div className="translate-editor__canvas translate-editor__canvas--still" ref={canvas} aria-hidden>
      {props.blocks
        .filter((b) => !b.hidden)
        .map((block) => (
          <div
            key={block.id}
            className="translate-layer"
            style={boxStyle(shownBox(block, result.blocks), result)}
          >
            <BlockText block={block} drawnBlocks={result.blocks} scale={scale} />
          </div>
        ))}
    </div>
  );
}

/** A block's text in its size, colour, weight and outline, placed as the server drew it. */
function BlockText(props: { block: TranslatedBlock; drawnBlocks: TranslatedBlock[]; scale: number }) {
  const { block, scale } = props;
  return (
    <span
      className="translate-layer__text"
      style={{
        ...textPlace(block, props.drawnBlocks, scale),
        fontSize: `${block.fontSize * scale}px`,
        color: block.color,
        fontWeight: block.bold ? 700 : 400,
        textAlign: block.align,
        ...(block.outline
          ? {
              WebkitTextStroke: `${block.outline.width * 2 * scale}px ${block.outline.color}`,
              paintOrder: 'stroke fill',
            }
          : {}),
      }}
    >
      {block.text}
    </span>
  );
}

function MovableText(props: CanvasProps) {
  const { result } = props;
  const canvas = useRef<HTMLDivElement>(null);
  const scale = useScale(canvas, result.width);
  const drag = useRef<Drag | null>(null);

  const shown = (block: TranslatedBlock) => shownBox(block, result.blocks);
  // The seller's box stays on the picture; the block's own box follows it.
  const place = (block: TranslatedBlock, box: TranslatedBlock['box']) =>
    props.onBox(block.id, boxFromShown(block, result.blocks, clamp(box)));
  const clamp = (box: TranslatedBlock['box']) => {
    const width = Math.max(MIN_SIDE, Math.min(result.width, Math.round(box.width)));
    const height = Math.max(MIN_SIDE, Math.min(result.height, Math.round(box.height)));
    return {
      width,
      height,
      x: Math.max(0, Math.min(result.width - width, Math.round(box.x))),
      y: Math.max(0, Math.min(result.height - height, Math.round(box.y))),
    };
  };

  const start = (block: TranslatedBlock, kind: Drag['kind']) => (event: PointerEvent<HTMLElement>) => {
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      kind,
      pointerX: event.clientX,
      pointerY: event.clientY,
      box: shown(block),
      moved: false,
    };
  };
  const follow = (block: TranslatedBlock) => (event: PointerEvent<HTMLElement>) => {
    const now = drag.current;
    if (!now) return;
    const dx = (event.clientX - now.pointerX) / scale;
    const dy = (event.clientY - now.pointerY) / scale;
    if (!now.moved && Math.hypot(dx, dy) * scale < 3) return;
    now.moved = true;
    const { box } = now;
    place(
      block,
      now.kind === 'move'
        ? { ...box, x: box.x + dx, y: box.y + dy }
        : { ...box, width: box.width + dx, height: box.height + dy },
    );
  };
  const end = (block: TranslatedBlock) => () => {
    const was = drag.current;
    drag.current = null;
    if (was && !was.moved && was.kind === 'move') props.onPick(block.id);
  };
  const nudge = (block: TranslatedBlock) => (event: KeyboardEvent<HTMLElement>) => {
    const step = event.shiftKey ? 10 : 1;
    const by = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
      event.key
    ];
    if (by) {
      event.preventDefault();
      const box = shown(block);
      place(block, { ...box, x: box.x + (by[0] ?? 0), y: box.y + (by[1] ?? 0) });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onPick(block.id);
    }
  };

  return (
    <div className="translate-editor__canvas" ref={canvas}>
      <img src={result.backgroundUrl} alt="去掉文字后的底图" draggable={false} />
      {props.kept.map((kept) => (
        <span
          key={`${kept.box.x}-${kept.box.y}`}
          aria-hidden="true"
          className="translate-kept"
          style={boxStyle(kept.box, result)}
        />
      ))}
      {props.blocks
        .filter((b) => !b.hidden)
        .map((block) => (
          <Tooltip key={block.id} title={`原文：${block.source}`}>
            {/* biome-ignore lint/a11y/useSemanticElements: a draggable layer holds its text and a resize handle, which a <button> may not */}
            <div
              role="button"
              tabIndex={0}
              aria-label={`第 ${block.id} 块（原文：${block.source}），拖动移动，方向键微调`}
              data-block={block.id}
              className={`translate-layer${props.hover === block.id ? ' translate-layer--hover' : ''}`}
              style={boxStyle(shown(block), result)}
              onMouseEnter={() => props.onHover(block.id)}
              onMouseLeave={() => props.onHover(null)}
              onPointerDown={start(block, 'move')}
              onPointerMove={follow(block)}
              onPointerUp={end(block)}
              onPointerCancel={() => {
                drag.current = null;
              }}
              onKeyDown={nudge(block)}
            >
              <BlockText block={block} drawnBlocks={result.blocks} scale={scale} />
              <span
                className="translate-layer__resize"
                aria-hidden="true"
                onPointerDown={start(block, 'resize')}
                onPointerMove={follow(block)}
                onPointerUp={end(block)}
              />
            </div>
          </Tooltip>
        ))}
    </div>
  );
}
