import { UndoOutlined } from '@ant-design/icons';
import { Button, Slider } from 'antd';

/**
 * The brush's size, 撤销 and 全部重来, as both touch-up brushes show them (修补 of a cut-out and
 * 修复画笔 of a translation); the two buttons wait for a first stroke and while work runs.
 */
export function BrushControls(props: {
  size: number;
  onSize: (size: number) => void;
  strokes: number;
  busy: boolean;
  onUndo: () => void;
  onReset: () => void;
}) {
  const nothingToUndo = props.strokes === 0 || props.busy;
  return (
    <>
      <div className="touch-up__size">
        <span className="touch-up__size-label">画笔大小</span>
        <Slider min={4} max={120} value={props.size} onChange={props.onSize} ariaLabelForHandle="画笔大小" />
      </div>
      <Button icon={<UndoOutlined />} disabled={nothingToUndo} onClick={props.onUndo}>
        撤销
      </Button>
      <Button disabled={nothingToUndo} onClick={props.onReset}>
        全部重来
      </Button>
    </>
  );
}
