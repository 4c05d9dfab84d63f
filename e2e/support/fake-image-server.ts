import { startFakeImageProviders } from '../../apps/server/test/fakes/fake-image-providers.ts';

/**
 * The fake text-to-image providers as their own process, for the end-to-end run (and for trying
 * AI 绘画 by hand): `node e2e/support/fake-image-server.ts` listens on FAKE_IMAGE_PORT (default 3297).
 * Point the server at it with IMAGE_PROVIDER=sdwebui IMAGE_BASE_URL=http://127.0.0.1:3297.
 */
const fake = await startFakeImageProviders(Number(process.env.FAKE_IMAGE_PORT ?? 3297));
console.log(`fake image providers on ${fake.url}`);
const stop = async () => {
  await fake.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
