import { useState } from 'react';
import '../studio.css';

/**
 * Before and after, one over the other: the handle reveals the original on the left and the
 * cut-out (on a checkerboard, so transparency shows) on the right. Keyboard: arrows move it.
 */
export function CompareSlider(props: { before: string; after: string; width: number; height: number }) {
  const [split, setSplit] = useState(50);
  return (
    <div className="studio-compare" style={{ aspectRatio: `${props.width} / ${props.height}` }}>
      <img className="studio-compare__after" src={props.after} alt="抠图结果" />
      <img
        className="studio-compare__before"
        src={props.before}
        alt="原图"
        style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
      />
      <span className="studio-compare__line" style={{ left: `${split}%` }} aria-hidden />
      <span className="studio-compare__tag studio-compare__tag--before">原图</span>
      <span className="studio-compare__tag studio-compare__tag--after">抠图</span>
      <input
        className="studio-compare__range"
        type="range"
        min={0}
        max={100}
        value={split}
        onChange={(event) => setSplit(Number(event.target.value))}
        aria-label="拖动对比原图与抠图"
      />
    </div>
  );
}
