import cvModule from '@techstark/opencv-js';

type OpenCv = typeof cvModule;

let loading: Promise<OpenCv> | null = null;

/**
 * OpenCV's WebAssembly build from npm (`@techstark/opencv-js` 4.5.2, which has the photo module's
 * `inpaint`), started once per process on first use (about 0.2 s and 150 MB). Its module object is
 * a thenable that resolves to itself, so it is handed out with `then` removed, or awaiting it would
 * never end.
 */
export function openCv(): Promise<OpenCv> {
  loading ??= new Promise((resolve) => {
    const ready = () => {
      delete (cvModule as { then?: unknown }).then;
      resolve(cvModule);
    };
    if ((cvModule as { Mat?: unknown }).Mat) ready();
    else (cvModule as { onRuntimeInitialized?: () => void }).onRuntimeInitialized = ready;
  });
  return loading;
}
