import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { STYLE_PRESETS, type StylePreset } from '../style-presets';

/**
 * 风格: a row of presets for product scenes. The chosen one's phrase is shown as it will be added to
 * the description, with a button to take it off again (so is choosing it a second time).
 */
export function StylePicker(props: {
  value: StylePreset | null;
  onChange: (preset: StylePreset | null) => void;
  disabled?: boolean;
}) {
  const { value } = props;
  return (
    <div className="draw-styles">
      <fieldset className="draw-styles__row">
        <legend className="draw-styles__label">风格</legend>
        {STYLE_PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className="draw-style-chip"
            aria-pressed={value?.id === preset.id}
            disabled={props.disabled}
            onClick={() => props.onChange(value?.id === preset.id ? null : preset)}
          >
            {preset.name}
          </button>
        ))}
      </fieldset>
      {value ? (
        <div className="draw-styles__phrase" role="note" aria-label="已添加的风格描述">
          <p>
            <strong>{value.name}</strong>
            <span className="muted">（会加在描述后面）</span>
            <br />
            {value.phrase}
          </p>
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={`移除风格「${value.name}」`}
            onClick={() => props.onChange(null)}
            disabled={props.disabled}
          />
        </div>
      ) : null}
    </div>
  );
}
