// The V8 settings the app server runs with (`npm start`, and bench/chat-stream.ts so that it measures
// the same thing), measured with 500 chat streams open (bench/chat-stream.ts, docs/decisions.md):
// - the young generation is capped at 32 MiB: Node 24 otherwise lets it grow to 128 MiB under load,
//   all of it short-lived garbage (about 205 KiB a stream instead of 55);
// - no allocation-site pretenuring: on about one server start in three V8 decided, from a moment's
//   survival rate, to allocate the streams' short-lived objects straight into the old generation,
//   which then grew by 3 MB every collection (165 KiB a stream instead of 55).
// Light reads and time to first token show no difference with either.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--no-allocation-site-pretenuring'];
