/**
 * OCR benchmark: reads generated product images whose text is known (drawn with Noto Sans SC by
 * apps/server/test/ocr-scenes.ts) and prints, per image, the lines found against the lines drawn,
 * the characters read right (Levenshtein, after NFKC so "￥" and "¥" are one character) and the
 * seconds per image (median of 3, warm; the first call, which loads the models, is printed apart).
 * Goal: at most 2 s for a 1000×1000 image on a 2-core machine.
 *
 * Run: `npm run bench:ocr` (or `node bench/ocr.ts`); `OCR_THREADS` sets onnxruntime's threads.
 */
import { availableParallelism } from 'node:os';
import { createOcrEngine, type TextLine } from '../apps/server/src/imaging/ocr/index.ts';
import { editDistance, iou, makeScene, type Scene, type TextSpec } from '../apps/server/test/ocr-scenes.ts';

const ROUNDS = 3;

const poster: TextSpec[] = [
  { text: '防水透气 3层面料', left: 80, top: 90, size: 64, bold: true },
  { text: '尺码表 S M L XL', left: 80, top: 210, size: 40 },
  { text: '轻盈柔软，四季可穿\n机洗不变形，不起球', left: 80, top: 330, size: 34 },
  { text: '• 速干面料 UPF50+\n• 可机洗 30°C', left: 560, top: 520, size: 28 },
  { text: '限时特惠 ¥99', left: 620, top: 860, size: 44, bold: true, badge: true },
  { text: '买2件 包邮', left: 80, top: 880, size: 36, color: '#b3261e' },
];

interface Case {
  name: string;
  make: () => Promise<Scene>;
}

const cases: Case[] = [
  { name: '1000×1000 flat', make: () => makeScene(1000, 1000, 'flat', poster) },
  { name: '1000×1000 gradient', make: () => makeScene(1000, 1000, 'gradient', poster) },
  { name: '1000×1000 noise (JPEG)', make: () => makeScene(1000, 1000, 'noise', poster, 'jpeg') },
  {
    name: '750×3000 detail strip',
    make: () =>
      makeScene(
        750,
        3000,
        'gradient',
        Array.from({ length: 6 }, (_, i) => ({
          text: `第${i + 1}步：防水透气 ${i + 2}层面料\n轻盈柔软，机洗不变形`,
          left: 60,
          top: 150 + i * 480,
          size: 30,
        })),
      ),
  },
  {
    name: '3000×3000 photo (JPEG)',
    make: () =>
      makeScene(
        3000,
        3000,
        'noise',
        poster.map((spec) => ({ ...spec, left: spec.left * 3, top: spec.top * 3, size: spec.size * 3 })),
        'jpeg',
      ),
  },
  { name: '1000×1000 no text', make: () => makeScene(1000, 1000, 'noise', []) },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const normal = (text: string) => text.normalize('NFKC');

/** Characters right: for each line drawn, the line read over it (best overlap), compared. */
function charactersRight(scene: Scene, lines: readonly TextLine[]): { right: number; total: number } {
  let right = 0;
  let total = 0;
  for (const placed of scene.placed) {
    const expected = normal(placed.text);
    total += [...expected].length;
    const best = lines.reduce<{ line?: TextLine; overlap: number }>(
      (found, line) => {
        const overlap = iou(line.box, placed.box);
        return overlap > found.overlap ? { line, overlap } : found;
      },
      { overlap: 0 },
    );
    if (!best.line || best.overlap < 0.3) continue;
    right += Math.max(0, [...expected].length - editDistance(expected, normal(best.line.text)));
  }
  return { right, total };
}

const threads = Number(process.env.OCR_THREADS ?? availableParallelism());
const engine = createOcrEngine({ threads });
console.log(
  `OCR benchmark: ${availableParallelism()} cores, ${threads} onnxruntime threads, PP-OCRv4 mobile`,
);
let first = true;
for (const { name, make } of cases) {
  const scene = await make();
  if (first) {
    const started = performance.now();
    await engine.readLines(scene.image);
    console.log(`first call (loads the models): ${((performance.now() - started) / 1000).toFixed(2)} s`);
    first = false;
  }
  const times: number[] = [];
  let lines: TextLine[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = performance.now();
    lines = await engine.readLines(scene.image);
    times.push(performance.now() - started);
  }
  const { right, total } = charactersRight(scene, lines);
  const accuracy = total === 0 ? '' : ` (${((100 * right) / total).toFixed(1)}%)`;
  console.log(
    `${name}: ${lines.length} lines found / ${scene.placed.length} drawn, characters right ${right}/${total}${accuracy}, ${(median(times) / 1000).toFixed(2)} s`,
  );
  if (process.env.OCR_VERBOSE)
    for (const line of lines) console.log(`  ${JSON.stringify(line.text)} ${line.score.toFixed(3)}`);
}
await engine.close();
