/**
 * 「只有商品」 on supplier pictures, through the real matting model and OCR: the main image the
 * one-click fix makes shows the product alone (a badge, a caption, a person, a promotion pill gone;
 * a bottle's printed label kept) and passes; the check fails the same pictures made without the fix.
 */
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { MAIN_IMAGE_RULE_SETS } from '@chuhai/contract';
import { whiteMainImage } from '../src/imaging/compose.ts';
import { checkMainImage } from '../src/imaging/main-image-check.ts';
import { onlyTheProduct } from '../src/imaging/main-image-fix.ts';
import { bareText, createOcrEngine } from '../src/imaging/ocr/index.ts';
import { partsOf } from '../src/imaging/product-only.ts';
import type { AlphaMask } from '../src/providers/matting/matting-engine.ts';
import { onnxMatting } from '../src/providers/matting/onnx-matting.ts';
import { drawSupplierScene, SUPPLIER_SCENES, type SupplierScene } from './fakes/supplier-scenes.ts';

const SIZE = MAIN_IMAGE_RULE_SETS.amazon.size;

describe('主图「只有商品」 on supplier pictures', () => {
  const ocr = createOcrEngine();
  const cores = availableParallelism();
  const matting = onnxMatting({ model: 'medium', workers: 1, queue: 8, cores });
  const pictures = new Map<string, { image: Buffer; matte: AlphaMask }>();
  before(async () => {
    for (const scene of SUPPLIER_SCENES) {
      const image = await drawSupplierScene(scene);
      pictures.set(scene.name, { image, matte: await matting.matte(image) });
    }
  });
  after(async () => {
    await ocr.close();
    await matting.close();
  });

  /** Whether `text` is among the lines read on a picture (both bare: no spaces or punctuation). */
  const has = (read: string[], text: string) => read.some((line) => line.includes(bareText(text)));

  const made = async (scene: SupplierScene, fix: { allParts: boolean } | null) => {
    const { image, matte } = pictures.get(scene.name) as { image: Buffer; matte: AlphaMask };
    const only = fix
      ? await onlyTheProduct(ocr, image, matte, { allParts: fix.allParts, rematte: (b) => matting.matte(b) })
      : { image, matte, dropped: 0 };
    const main = await whiteMainImage(only.image, only.matte, SIZE);
    const lines = await ocr.readLines(main.bytes);
    const report = checkMainImage(main.pixels, 'amazon', main, {
      lines,
      allParts: fix?.allParts ?? false,
      dropped: only.dropped,
    });
    return { main, report, read: lines.map((line) => bareText(line.text)) };
  };

  for (const scene of SUPPLIER_SCENES)
    it(`${scene.name}: the fixed main image shows the product alone and passes`, async () => {
      const { main, report, read } = await made(scene, { allParts: false });
      assert.equal(report.pass, true, JSON.stringify(report.rules.filter((r) => !r.pass)));
      for (const text of scene.added) assert.ok(!has(read, text), `「${text}」 left on the main image`);
      for (const text of scene.printed)
        assert.ok(has(read, text), `「${text}」 printed on the product was lost`);
      assert.equal(
        partsOf(main.pixels.mask, main.width, main.height).parts.length,
        1,
        'one part on the white',
      );
    });

  it('the check fails the same pictures made without the fix: a badge, a caption, a person, a pill are seen', async () => {
    const verdicts: string[] = [];
    // The pale mug carries nothing added: its plain main image may pass.
    for (const scene of SUPPLIER_SCENES.filter((s) => !s.pale)) {
      const { report, read } = await made(scene, null);
      const addedLeft = scene.added.some((text) => has(read, text));
      const failed = report.rules.filter((r) => !r.pass && r.level === 'required').map((r) => r.key);
      verdicts.push(
        `${scene.name}: ${report.pass ? 'passed' : failed.join('+')}${addedLeft ? ' (text left)' : ''}`,
      );
      // Whatever the model kept, a main image that still carries added text or a second part fails.
      const parts = partsOf((await made(scene, null)).main.pixels.mask, SIZE, SIZE).parts.length;
      if (addedLeft || parts > 1) assert.equal(report.pass, false, verdicts.at(-1));
    }
    assert.ok(
      verdicts.every((v) => !v.endsWith('passed')),
      verdicts.join('\n'),
    );
  });

  it('「这些都是商品」 keeps a set of pots whole, and still drops the promotion pill with its text', async () => {
    const pots = SUPPLIER_SCENES.find((scene) => scene.set) as SupplierScene;
    const { main, report, read } = await made(pots, { allParts: true });
    assert.equal(report.pass, true, JSON.stringify(report.rules.filter((r) => !r.pass)));
    assert.equal(partsOf(main.pixels.mask, SIZE, SIZE).parts.length, 3, 'three pots');
    assert.match(report.rules.find((r) => r.key === 'objects')?.measured ?? '', /3 个部分，卖家确认都是商品/);
    for (const text of pots.added) assert.ok(!has(read, text), `「${text}」 left`);
  });
});
