import type { OcrEngine } from '../../imaging/ocr/index.ts';
import type { PixelWork } from '../../imaging/pixel-pool.ts';
import type { PixelTaskName } from '../../imaging/pixel-tasks.ts';
import { cutOutProduct, type ProductCutout } from '../../imaging/product-cutout.ts';
import type { LocaliseDeps } from './deps.ts';
import { matteOnce } from './matte-once.ts';
import { contentKey, onceInJob } from './once-in-job.ts';

/** What a task's steps make with: the app's deps, and the product cut out of a photo. */
export interface JobSteps extends LocaliseDeps {
  /** The product alone in a photo, as cutOutProduct cuts it (every part kept apart dropped). */
  cutOut(photo: Buffer): Promise<ProductCutout>;
}

/**
 * 图片翻译's pixel tasks that read only their input and repeat for each language a picture is
 * translated into: the upload decoded and brought to the working size, what the matting service
 * is sent, where the product is and which lines are printed on it. Erasing and drawing are not:
 * their input holds the language's translations.
 */
const SAME_FOR_EVERY_LANGUAGE = new Set<PixelTaskName>([
  'workingPicture',
  'pictureForMatte',
  'productText',
  'printedOn',
]);

/** The OCR, reading each picture once per job: the erased picture too is the same in every language. */
function ocrOnce(ocr: OcrEngine, once: ReturnType<typeof onceInJob>): OcrEngine {
  return {
    readLines: (image) => once('ocr', contentKey(image), () => ocr.readLines(image)),
    // The engine is the app's: a task's view of it closes nothing.
    close: async () => {},
  };
}

/** The pixel work, each of SAME_FOR_EVERY_LANGUAGE's tasks done once per job for the same input. */
function pixelsOnce(pixels: PixelWork, once: ReturnType<typeof onceInJob>): PixelWork {
  const work: PixelWork = {
    ...pixels,
    run: (task, input) =>
      SAME_FOR_EVERY_LANGUAGE.has(task)
        ? once(`pixels.${task}`, contentKey(input), () => pixels.run(task, input))
        : pixels.run(task, input),
    get background() {
      return work;
    },
  };
  return work;
}

/**
 * The engines one 一键出海 task makes its outputs with. Its job's other sites read the same
 * pictures: matting is asked once per picture in this process (matte-once.ts), and the OCR, the
 * product cut out of the main photo (the same for every main-image rule set) and the translation's
 * steps that do not depend on the language once per job (once-in-job.ts). The pixel work waits for
 * the pool behind sellers' requests rather than being refused (the task would only be sent again).
 */
export function jobEngines(deps: LocaliseDeps, task: { userId: number; jobId: number }): JobSteps {
  const once = onceInJob(deps.db, task.jobId);
  const engines = {
    ...deps,
    matting: matteOnce(deps.matting, task.userId),
    ocr: ocrOnce(deps.ocr, once),
    pixels: pixelsOnce(deps.pixels.background, once),
  };
  return {
    ...engines,
    cutOut: (photo) =>
      once('cut', contentKey(photo), () => cutOutProduct(engines, photo, { allParts: false })),
  };
}
