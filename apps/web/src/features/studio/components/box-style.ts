/** A box on the image as percentages, so it follows the image at any displayed size. */
export function boxStyle(
  box: { x: number; y: number; width: number; height: number },
  size: { width: number; height: number },
) {
  return {
    left: `${(box.x / size.width) * 100}%`,
    top: `${(box.y / size.height) * 100}%`,
    width: `${(box.width / size.width) * 100}%`,
    height: `${(box.height / size.height) * 100}%`,
  };
}
