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

/** The three sliders, each over one number of the placement within the server's limits for it. */
const SLIDERS = [
  { field: 'scale', name: '商品大小', caption: (scale: number) => `大小 ${Math.round(scale * 100)}%` },
  { field: 'x', name: '左右位置', caption: () => '左右位置' },
  { field: 'y', name: '落脚高度', caption: () => '落脚高度' },
] as const;

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
      {SLIDERS.map(({ field, name, caption }) => (
        <div key={field} className="studio-row">
          <span>{caption(value[field])}</span>
          <Slider
            min={PLACEMENT_LIMITS[field].min}
            max={PLACEMENT_LIMITS[field].max}
            step={0.05}
            value={value[field]}
            onChange={(next) => set({ [field]: next })}
            tooltip={{ open: false }}
            ariaLabelForHandle={name}
          />
        </div>
      ))}
      <div className="studio-switch studio-row">
        <span>接触阴影</span>
        <Switch checked={value.shadow} onChange={(shadow) => set({ shadow })} aria-label="接触阴影" />
      </div>
    </fieldset>
  );
}
