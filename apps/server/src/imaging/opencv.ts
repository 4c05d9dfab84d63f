/** The part of OpenCV.js the project uses (its bundled types declare a global namespace instead). */
export interface CvMat {
  data: Uint8Array;
  delete(): void;
}
export interface OpenCv {
  Mat: { new (): CvMat; new (rows: number, cols: number, type: number): CvMat };
  CV_8UC1: number;
  CV_8UC3: number;
  INPAINT_NS: number;
  inpaint(source: CvMat, mask: CvMat, out: CvMat, radius: number, method: number): void;
}

type Listener = (...args: unknown[]) => void;

let loading: Promise<OpenCv> | null = null;

/**
 * OpenCV's WebAssembly build from npm (`@techstark/opencv-js` 4.5.2, which has the photo module's
 * `inpaint`), loaded once per process on first use (about 0.2 s and 150 MB). Two things of its
 * Emscripten wrapper are undone: it adds process-wide handlers that abort on any unhandled
 * rejection (the server's own handling must stay in charge), and its module object is a thenable
 * that resolves to itself, so awaiting it would never end.
 */
export function openCv(): Promise<OpenCv> {
  loading ??= (async () => {
    const listeners = () => [
      ...process.listeners('uncaughtException').map((l) => ['uncaughtException', l] as const),
      ...process.listeners('unhandledRejection').map((l) => ['unhandledRejection', l] as const),
    ];
    const before = new Set(listeners().map(([, listener]) => listener));
    const cv = ((await import('@techstark/opencv-js')) as unknown as { default: OpenCv }).default;
    for (const [event, listener] of listeners())
      if (!before.has(listener)) process.off(event, listener as Listener);
    await new Promise<void>((resolve) => {
      const module = cv as OpenCv & { onRuntimeInitialized?: () => void };
      if (typeof module.inpaint === 'function') resolve();
      else module.onRuntimeInitialized = () => resolve();
    });
    delete (cv as { then?: unknown }).then;
    return cv;
  })();
  return loading;
}
