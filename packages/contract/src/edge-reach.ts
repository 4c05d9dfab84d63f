/**
 * A flood fill from a picture's edge, the one the server's text masks and the editor's 恢复 brush
 * both walk: each pixel on the border where `open` holds, then, 4-connected, each neighbour `q` of a
 * reached pixel `p` where `open(q)` holds and `step(p, q)` allows the move (by default any). Pixels
 * are indices `y * width + x`; the result is 1 where reached.
 */
export function reachFromEdge(
  width: number,
  height: number,
  open: (q: number) => boolean,
  step: (p: number, q: number) => boolean = () => true,
): Uint8Array {
  const size = width * height;
  const reached = new Uint8Array(size);
  const queue = new Int32Array(size);
  let end = 0;
  const enter = (q: number) => {
    if (reached[q] || !open(q)) return;
    reached[q] = 1;
    queue[end++] = q;
  };
  for (let x = 0; x < width; x++) {
    enter(x);
    enter((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    enter(y * width);
    enter(y * width + width - 1);
  }
  for (let start = 0; start < end; start++) {
    const p = queue[start] as number;
    const x = p % width;
    const next = (q: number) => !reached[q] && step(p, q) && enter(q);
    if (x > 0) next(p - 1);
    if (x < width - 1) next(p + 1);
    if (p >= width) next(p - width);
    if (p < size - width) next(p + width);
  }
  return reached;
}
