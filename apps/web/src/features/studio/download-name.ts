import { downloadName } from '../../lib/download-name';

/**
 * What a translated picture is saved as: the seller's own file name with the language added
 * (「连衣裙主图-en.png」), so ten translations in one downloads folder stay told apart; a picture
 * with no name of its own (an example) is 「示例图-en.png」.
 */
export function translatedFileName(original: string | null | undefined, target: string, extension: string) {
  return downloadName(original, [target], extension);
}
