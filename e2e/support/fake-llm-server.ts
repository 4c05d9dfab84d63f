import { startFakeOpenAi } from '../../apps/server/test/fakes/fake-openai.ts';

/**
 * The fake OpenAI-compatible chat API as its own process, for the end-to-end run (and for trying the
 * chat by hand): `node e2e/support/fake-llm-server.ts` listens on FAKE_LLM_PORT (default 3299).
 */
const port = Number(process.env.FAKE_LLM_PORT ?? 3299);
const fake = await startFakeOpenAi({ port, pieceMs: 20, slowMs: 50 });
console.log(`fake OpenAI-compatible API on ${fake.url}`);
const stop = async () => {
  await fake.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
