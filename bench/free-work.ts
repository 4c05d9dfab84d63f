/**
 * Free work that draws (图片翻译's 重新生成, 修补): the worst a seller's request may cost now that it
 * is bounded, and what four of them sent at once by one free account do to another seller.
 *
 * 1. The costliest 重新生成 bodies the text budget admits on a 2000×2000 translation (the largest
 *    the pipeline works at), each drawn alone: CPU seconds per request.
 * 2. The worst of them sent four at once by one seller while another seller reads GET /api/v1/info
 *    every 25 ms: the answers (goal: one 200, three 429), the CPU the server spent on them (goal
 *    under 5 s) and the other seller's slowest wait against the same reads with nothing else
 *    running (goal: under 200 ms).
 * 3. 修补 on the largest cut-out an upload makes: CPU seconds per edit.
 *
 * In one process with the app built as the tests build it (in-process fakes for the chat provider
 * and matting), so the other seller's wait is the app's own event loop. Run: `node bench/free-work.ts`.
 */
import { TRANSLATE_LIMITS } from '@chuhai/contract';
import sharp from 'sharp';
import { auth, get, post, registerUser } from '../apps/server/test/account-helpers.ts';
import { buildChatApp } from '../apps/server/test/chat-helpers.ts';
import { writeChinese } from '../apps/server/test/fakes/chinese-text.ts';
import { CornerColourMatting, postForm, productPhoto } from '../apps/server/test/studio-helpers.ts';

const SIDE = 2000;
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

const ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' }, {}, {});
const other = await registerUser(ctx, '13900002222', { ip: '10.70.0.2' });
const image = await writeChinese(
  sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#f4efe6' } }),
  [{ text: '防水透气 3层面料', left: 120, top: 160, size: 96, color: '#1d3557' }],
);
const translated = await postForm(ctx.app, '/api/v1/translate/image', ctx.token, { target: 'en' }, [
  { field: 'file', name: 'a.png', bytes: image },
]);
if (translated.statusCode !== 200) throw new Error(translated.body);
const result = translated.json().data;
const template = result.blocks[0];

/** `count` blocks of `chars` characters each, `width` wide, at the largest size the budget admits. */
function body(count: number, chars: number, width: number) {
  const budget = TRANSLATE_LIMITS.textAreaPerImage * SIDE * SIDE;
  const fontSize = Math.min(400, Math.floor(Math.sqrt(budget / (count * chars))));
  const rows = Math.min(count, 40);
  return {
    fontSize,
    payload: {
      backgroundId: result.backgroundId,
      target: 'en',
      blocks: Array.from({ length: count }, (_, i) => ({
        ...template,
        id: i + 1,
        text: 'Limited offer today '.repeat(30).slice(0, chars),
        box: {
          x: (Math.floor(i / rows) * SIDE) / 2,
          y: (i % rows) * Math.floor(SIDE / rows),
          width,
          height: Math.floor(SIDE / rows),
        },
        fontSize,
        hidden: false,
      })),
    },
  };
}

const render = (payload: unknown) => post(ctx.app, '/api/v1/translate/render', payload, auth(ctx.token));

console.log('1. 重新生成 alone, the costliest bodies within the budget (2000×2000)');
const shapes = [
  { name: '80 blocks × 500 chars, half width', ...body(80, 500, SIDE / 2) },
  { name: '80 blocks × 20 chars, half width', ...body(80, 20, SIDE / 2) },
  { name: '1 block × 500 chars, full width', ...body(1, 500, SIDE) },
  { name: '1 block × 500 chars, 200 px wide', ...body(1, 500, 200) },
  { name: '10 blocks × 500 chars, full width', ...body(10, 500, SIDE) },
];
let worst = { name: '', seconds: 0, payload: shapes[0]?.payload as unknown };
for (const shape of shapes) {
  const since = process.cpuUsage();
  const started = performance.now();
  const answered = await render(shape.payload);
  const seconds = cpuSeconds(since);
  console.log(
    `   ${shape.name.padEnd(36)} ${String(shape.fontSize).padStart(3)} px  → ${answered.statusCode}  ` +
      `${seconds.toFixed(2)} s CPU, ${((performance.now() - started) / 1000).toFixed(2)} s wall`,
  );
  if (seconds > worst.seconds) worst = { name: shape.name, seconds, payload: shape.payload };
}

/** The other seller's reads, one every 25 ms until `until` settles: each one's wait in ms. */
async function reads(until: Promise<unknown>): Promise<number[]> {
  const waits: number[] = [];
  let done = false;
  until.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    await get(ctx.app, '/api/v1/info', auth(other));
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return waits;
}
const max = (values: number[]) => Math.max(...values);

const alone = await reads(new Promise((resolve) => setTimeout(resolve, 2000)));
const since = process.cpuUsage();
const four = Promise.all([1, 2, 3, 4].map(() => render(worst.payload)));
const during = await reads(four);
const seconds = cpuSeconds(since);
const codes = (await four).map((a) => a.statusCode).sort();
console.log(`\n2. four of the worst (${worst.name}) at once from one free account`);
console.log(`   answers ${codes.join(' ')}  (goal: 200 429 429 429)`);
console.log(`   server CPU on them ${seconds.toFixed(2)} s  (goal < 5 s)`);
console.log(
  `   the other seller's slowest read ${max(during).toFixed(0)} ms over ${during.length} reads, ` +
    `${max(alone).toFixed(0)} ms with nothing else running: ${(max(during) / max(alone)).toFixed(1)}×  (goal < 200 ms)`,
);

console.log('\n3. 修补 on the largest cut-out');
const studio = await (await import('../apps/server/test/account-helpers.ts')).buildAccountApp(
  {},
  { matting: new CornerColourMatting() },
);
const seller = await registerUser(studio, '13900003333', { ip: '10.70.0.3' });
const photoSide = 6000;
const box = { left: 1500, top: 1500, width: 3000, height: 3000 };
const cut = await postForm(studio.app, '/api/v1/remove/remove', seller, { preset: 'amazon' }, [
  { name: 'big.jpg', bytes: await productPhoto({ width: photoSide, height: photoSide, box }) },
]);
if (cut.statusCode !== 200) throw new Error(cut.body);
const { cutout } = cut.json().data;
const mask = await sharp({
  create: { width: cutout.width, height: cutout.height, channels: 3, background: '#000' },
})
  .composite([
    {
      input: await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      left: 200,
      top: 200,
    },
  ])
  .png()
  .toBuffer();
const editSince = process.cpuUsage();
const edited = await postForm(studio.app, '/api/v1/remove/mask', seller, { cutoutId: String(cutout.id) }, [
  { field: 'file', name: 'mask.png', bytes: mask },
]);
console.log(
  `   ${cutout.width}×${cutout.height} cut-out → ${edited.statusCode}, ${cpuSeconds(editSince).toFixed(2)} s CPU`,
);

await studio.close();
await ctx.close();
