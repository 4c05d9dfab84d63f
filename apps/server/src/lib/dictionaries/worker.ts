import { type MessagePort, workerData } from 'node:worker_threads';
import { eld } from 'eld/large';
import OpenCC from 'opencc-js';

/**
 * The dictionary thread (thread.ts): ELD's large n-gram tables (some 135 MB of small objects) and
 * OpenCC's two converters (some 45 MB of tries) live here, not on the server's thread, where every
 * major garbage collection had to mark them: with them there a collection stalled every request
 * 100–460 ms. Answers one question at a time on `port`, then wakes the caller through `signal`.
 */
export interface DictionaryWorkerData {
  port: MessagePort;
  /** Set to 1, and notified, once an answer is on the port. */
  signal: Int32Array;
}

/** ELD's answer for a text of Latin letters, as plain data. */
export interface LatinDetection {
  /** ISO 639-1, or '' when ELD names none. */
  language: string;
  scores: Record<string, number>;
  reliable: boolean;
}

const detector = eld.newInstance();
const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });
const toMainland = OpenCC.Converter({ from: 'tw', to: 'cn' });

/** What the thread answers, by name. */
export const DICTIONARY_OPS = {
  detectLatin(text: string): LatinDetection {
    const found = detector.detect(text);
    return { language: found.language, scores: found.getScores(), reliable: found.isReliable() };
  },
  /** Simplified to Taiwan Traditional: characters and their variants, no change of words. */
  toTaiwan: (text: string): string => toTaiwan(text),
  toMainland: (text: string): string => toMainland(text),
};

export type DictionaryOp = keyof typeof DICTIONARY_OPS;
export type DictionaryAnswer = { ok: true; value: unknown } | { ok: false; message: string };

const { port, signal } = workerData as DictionaryWorkerData;
port.on('message', ({ op, text }: { op: DictionaryOp; text: string }) => {
  let answer: DictionaryAnswer;
  try {
    answer = { ok: true, value: DICTIONARY_OPS[op](text) };
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
