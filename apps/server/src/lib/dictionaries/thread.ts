import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { DictionaryAnswer, DictionaryOp, DictionaryWorkerData, LatinDetection } from './worker.ts';

/**
 * The language dictionaries (ELD's n-grams, OpenCC's converters) asked synchronously from a
 * thread of their own (worker.ts). They are some 180 MB of small objects: on the server's thread
 * each major garbage collection marked them all, and those collections were the longest stalls
 * left (bench/node-stall.ts). A question is a word or a listing, answered in well under a
 * millisecond, so the caller waits for it (Atomics.wait) and the callers — the language rules,
 * the residual count — stay synchronous. The thread starts on the first question, or earlier with
 * `startDictionaries` so that loading (a second or two) is not waited for then.
 */

/** Loading the dictionaries takes 1–2 s, much more on a busy machine; no answer in this long is a fault. */
const ANSWER_MS = 60_000;

interface Line {
  port: MessagePort;
  signal: Int32Array;
}

let line: Line | undefined;

/** Starts the dictionary thread now, so the first question does not wait for its loading. */
export function startDictionaries(): void {
  line ??= open();
}

function open(): Line {
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const workerData: DictionaryWorkerData = { port: port2, signal };
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData, transferList: [port2] });
  // An idle thread must not keep the process alive; answers are read off the port, not awaited.
  worker.unref();
  port1.unref();
  worker.on('error', () => {
    line = undefined; // the next question starts a fresh thread
  });
  return { port: port1, signal };
}

function ask(op: DictionaryOp, text: string): unknown {
  line ??= open();
  const { port, signal } = line;
  Atomics.store(signal, 0, 0);
  port.postMessage({ op, text });
  if (Atomics.wait(signal, 0, 0, ANSWER_MS) === 'timed-out') {
    line = undefined;
    throw new Error(`the dictionary thread gave no answer to ${op} in ${ANSWER_MS / 1000} s`);
  }
  const answer = receiveMessageOnPort(port)?.message as DictionaryAnswer | undefined;
  if (!answer) throw new Error(`the dictionary thread's answer to ${op} was lost`);
  if (!answer.ok) throw new Error(answer.message);
  return answer.value;
}

export type { LatinDetection } from './worker.ts';

/** ELD (eld/large) on a text of Latin letters: its language, every language's score, whether it is sure. */
export const detectLatin = (text: string): LatinDetection => ask('detectLatin', text) as LatinDetection;

/** OpenCC `cn` → `tw`: Simplified characters to Taiwan's Traditional (and their variants). */
export const toTaiwan = (text: string): string => ask('toTaiwan', text) as string;

/** OpenCC `tw` → `cn`: Traditional characters to Simplified. */
export const toMainland = (text: string): string => ask('toMainland', text) as string;
