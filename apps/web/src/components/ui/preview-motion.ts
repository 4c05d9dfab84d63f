import './preview-motion.css';

/**
 * The opening and closing of antd's image preview, for every `Image` and `Image.PreviewGroup`:
 * `preview={{ motionName: PREVIEW_MOTION }}`. antd's own fade is an opacity transition, and the
 * preview leaves the page when that transition ends. Closed while it was still opening (Escape just
 * after the click, or any close on a busy machine whose animation frames come late), the closing
 * transition had nothing to run from, so it was never started and never ended: the preview stayed
 * for good in its closing state, transparent, its mask over the page taking every click. The same
 * fade made of CSS animations (preview-motion.css) always runs its time and ends.
 */
export const PREVIEW_MOTION = 'preview-motion';
