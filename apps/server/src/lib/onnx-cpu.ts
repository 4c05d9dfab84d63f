import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';

/**
 * How every model we ship (matting, OCR) runs on onnxruntime-node's CPU provider. `threads` is the
 * share of the cores this session may use, so workers running side by side never oversubscribe.
 *
 * Measured on 2 cores (bench/matting.ts): with memory patterns on, matting runs after the first
 * swung from 5 s to 56 s, the time going to the kernel; without the memory arena, two workers spent
 * most of their time in the kernel too (two images: 12.6 s, against 5.0 s with the arena). For OCR
 * bench/ocr.ts shows no difference either way: its input sizes change with every image and line,
 * which is what memory patterns are not for.
 */
export function cpuSessionOptions(threads: number): InferenceSession.SessionOptions {
  return {
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    enableCpuMemArena: true,
    enableMemPattern: false,
    // onnxruntime's pool threads spin between operators by default, burning a core each while the
    // session waits; on a node where the event loop and the pixel pool share few cores that CPU is
    // taken from them.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  };
}

/** The folder holding a package's entry file: where packages that ship models keep them beside it. */
export function packageFolder(specifier: string): string {
  return dirname(createRequire(import.meta.url).resolve(specifier));
}
