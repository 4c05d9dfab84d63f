/**
 * Why a sheet was refused, in Chinese for the seller. A plain Error rather than an AppError: the
 * reading runs in a worker thread that should not load the contract to start (about 0.4 s on a
 * busy machine); read-sheet.ts turns it into a 400.
 */
export class SheetRefusal extends Error {
  override name = 'SheetRefusal';
}

export const badSheet = (message: string) => new SheetRefusal(message);

/** An XLSX that cannot be read, with why and what to do instead. */
export const unreadableXlsx = (why: string) =>
  badSheet(`XLSX 文件读不出来：${why}，请另存为 .xlsx 或 CSV 再上传`);

export const tooManyRows = (maxRows: number) =>
  badSheet(`商品表超过 ${maxRows} 行，请删去多余的行，或分成几个表分批上传`);
