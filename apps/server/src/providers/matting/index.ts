import type { MattingConfig } from '../../config.ts';
import { httpMatting } from './http-matting.ts';
import type { MattingEngine } from './matting-engine.ts';
import { onnxMatting } from './onnx-matting.ts';

/** The HTTP service when MATTING_URL is set, else the bundled model on this machine. */
export function createMattingEngine(config: MattingConfig): MattingEngine {
  return config.url ? httpMatting(config) : onnxMatting(config);
}
