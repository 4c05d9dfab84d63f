import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { MAX_ZOOM } from '../touch-up-view';

/** 修补's zoom buttons, for a mouse without a wheel and for anyone who does not know the gestures. */
export function TouchUpZoom(props: {
  zoom: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
}) {
  return (
    <div className="touch-up__zoom">
      <Button
        icon={<MinusOutlined />}
        aria-label="缩小"
        disabled={props.zoom <= 1}
        onClick={props.onZoomOut}
      />
      <output className="touch-up__zoom-level" aria-label="缩放比例">
        {Math.round(props.zoom * 100)}%
      </output>
      <Button
        icon={<PlusOutlined />}
        aria-label="放大"
        disabled={props.zoom >= MAX_ZOOM}
        onClick={props.onZoomIn}
      />
      <Button disabled={props.zoom === 1} onClick={props.onFit}>
        适应
      </Button>
      <span className="muted touch-up__zoom-hint touch-up__zoom-hint--mouse">
        滚轮缩放，按住空格拖动或用「移动」挪画面
      </span>
      <span className="muted touch-up__zoom-hint touch-up__zoom-hint--touch">双指捏合缩放、拖动挪画面</span>
    </div>
  );
}
