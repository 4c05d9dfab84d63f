import { type TSchema, Type } from 'typebox';

/** Every reply of the API: `code` 200 is success, anything else an error with a Chinese `msg`. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** The TypeBox schema of an envelope whose `data` has the given schema. */
export function EnvelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), data });
}
