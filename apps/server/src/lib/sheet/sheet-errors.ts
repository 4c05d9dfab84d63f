import { ResultCode } from '@chuhai/contract';
import { AppError } from '../../http/app-error.ts';

export const badSheet = (message: string) => new AppError(ResultCode.badRequest, message);

/** An XLSX that cannot be read, with why and what to do instead. */
export const unreadableXlsx = (why: string) =>
  badSheet(`XLSX 文件读不出来：${why}，请另存为 .xlsx 或 CSV 再上传`);

export const tooManyRows = (maxRows: number) =>
  badSheet(`商品表超过 ${maxRows} 行，请删去多余的行，或分成几个表分批上传`);
