import type { Envelope } from '@chuhai/contract';
import { ResultCode } from '@chuhai/contract';

/** A success envelope. */
export function ok<T>(data: T, msg = '成功'): Envelope<T> {
  return { code: ResultCode.ok, msg, data };
}

/** An error envelope. */
export function fail<T = null>(code: number, msg: string, data: T = null as T): Envelope<T> {
  return { code, msg, data };
}
