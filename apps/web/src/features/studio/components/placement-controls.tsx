import { PLACEMENT_LIMITS, type PlacementChoice } from '@chuhai/contract';
import { Slider, Switch } from 'antd';

export interface PlacementState extends PlacementChoice {
  shadow: boolean;
}

export const DEFAULT_PLACEMENT: PlacementState = {
  scale: PLACEMENT_LIMITS.scale.default,
  x: PLACEMENT_LIMITS.x.default,
  y: PLACEMENT_LIMITS.y.default,
  shadow: true,
};

/** 商品摆放: size, position across, where the product stands, and the contact shadow. */
export function PlacementControls(props: {
  value: PlacementState;
  onChange: (next: PlacementState) => void;
}) {
  const { value, onChange } = props;
  const set = (change: Partial<PlacementState>) => onChange({ ...value, ...change });
  return (
    <fieldset className="studio-placement">
      <legend>商品摆放</legend>
      <div className="studio-row">
        <span>大小 {Math.round(value.scale * 100)}%</span>
        <Slider
          min={PLACEMENT_LIMITS.scale.min}
          max={PLACEMENT_LIMITS.scale.max}
          step={0.05}
          value={value.scale}
          onChange={(scale) => set({ scale })}
          tooltip={{ open: false }}
          ariaLabelForHandle="商品大小"
        />
      </div>
      <div className="studio-row">
        <span>左右位置</span>
        <Slider
          min={PLACEMENT_LIMITS.x.min}
          max={PLACEMENT_LIMITS.x.max}
          step={0.05}
          value={value.x}
          onChange={(x) => set({ x })}
          tooltip={{ open: false }}
          ariaLabelForHandle="左右位置"
        />
      </div>
      <div className="studio-row">
        <span>落脚高度</span>
        <Slider
          min={PLACEMENT_LIMITS.y.min}
          max={PLACEMENT_LIMITS.y.max}
          step={0.05}
          value={value.y}
          onChange={(y) => set({ y })}
          tooltip={{ open: false }}
          ariaLabelForHandle="落脚高度"
        />
      </div>
      <div className="studio-switch studio-row">
        <span>接触阴影</span>
        <Switch checked={value.shadow} onChange={(shadow) => set({ shadow })} aria-label="接触阴影" />
      </div>
    </fieldset>
  );
}
