/**
 * Free work that draws or computes on this node's CPU (图片翻译's 重新生成, 修补). No use is spent on
 * it, so nothing else stops one account from keeping every core busy: each seller runs one at a time
 * on every node together, each node runs `lanes` at once with a short line behind them, and the
 * rest is answered 429 at once in Chinese. Each piece of work is also bounded by its caller (a text
 * budget, an image size), so a lane is never held for long.
 */
export class FreeWorkLanes {
  #free: number;
  #line: (() => void)[] = [];
  readonly lanes: number;
  readonly maxWaiting: number;

  constructor(lanes: number, maxWaiting = lanes * 4) {
    this.lanes = lanes;
    this.#free = lanes;
    this.maxWaiting = maxWaiting;
  }

  /** A lane, now or after those waiting before us; null when the line is full. */
  enter(): Promise<() => void> | null {
    const leave = () => {
      const next = this.#line.shift();
      if (next) next();
      else this.#free += 1;
    };
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve(leave);
    }
    if (this.#line.length >= this.maxWaiting) return null;
    return new Promise((resolve) => this.#line.push(() => resolve(leave)));
  }
}

/** A node's lanes: half its cores (at least one), so requests that only read always find a core. */
export const defaultFreeWorkLanes = (cores: number) => Math.max(1, Math.floor(cores / 2));
