/**
 * What a translated picture is saved as: the seller's own file name with the language added
 * (「连衣裙主图-en.png」), so ten translations in one downloads folder stay told apart; a picture
 * with no name of its own (an example) is 「translated-en.png」.
 */
export function translatedFileName(original: string | null | undefined, target: string, extension: string) {
  const stem = (original ?? '')
    .replace(/\.[^.]*$/, '')
    // Characters Windows takes in no file name (the browser cleans up the rest), and the spaces at either end.
    .replace(/[\\/:*?"<>|]+/g, '_')
    .trim()
    .slice(0, 80);
  return `${stem || 'translated'}-${target}.${extension}`;
}
