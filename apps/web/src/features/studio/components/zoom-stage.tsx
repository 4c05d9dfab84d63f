import type { ReactNode, RefObject } from 'react';
import { TouchUpZoom } from './touch-up-zoom';
import type { useZoomPan } from './use-zoom-pan';

/**
 * The picture a brush paints on (the cut-out's 修补, 图片翻译's 修补画笔): a frame the picture's
 * shape and at most `maxVh` of the screen high, a layer inside it that zoom and pan move, the
 * brush circle over it, 正在载入图片 until `ready`, and the zoom buttons under it.
 */
export function ZoomStage(props: {
  zoom: ReturnType<typeof useZoomPan>;
  width: number;
  height: number;
  maxVh: number;
  frameClassName?: string;
  ready: boolean;
  brushRef: RefObject<HTMLDivElement | null>;
  brushClassName: string;
  brushSize?: number;
  children: ReactNode;
}) {
  const { zoom } = props;
  const { view } = zoom;
  return (
    <>
      <div className="touch-up__stage">
        <div
          ref={zoom.frameRef}
          className={['touch-up__frame', props.frameClassName ?? ''].join(' ').trim()}
          data-zoom={view.zoom}
          style={{
            aspectRatio: `${props.width} / ${props.height}`,
            width: `min(100%, calc(${props.maxVh}vh * ${(props.width / props.height).toFixed(4)}))`,
          }}
          {...zoom.frameEvents}
        >
          <div
            className="touch-up__layer"
            style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}
          >
            {props.children}
          </div>
          <div
            ref={props.brushRef}
            className={props.brushClassName}
            style={
              props.brushSize === undefined
                ? undefined
                : { width: props.brushSize, height: props.brushSize, margin: -props.brushSize / 2 }
            }
            data-testid="brush-circle"
            hidden
            aria-hidden
          />
          {props.ready ? null : <div className="touch-up__loading">正在载入图片…</div>}
        </div>
      </div>
      <TouchUpZoom zoom={view.zoom} onZoomIn={zoom.zoomIn} onZoomOut={zoom.zoomOut} onFit={zoom.fit} />
    </>
  );
}
