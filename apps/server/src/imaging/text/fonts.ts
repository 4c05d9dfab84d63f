import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A font file and the family name Pango knows it by. */
export interface FontFace {
  file: string;
  family: string;
}

const face = (pkg: string, family: string, file: string): FontFace => ({
  file: require.resolve(`@expo-google-fonts/${pkg}/${file}`),
  family,
});

/** Han characters, kana, CJK punctuation and full-width forms: glyphs Noto Sans lacks. */
const CJK = /[\u2E80-\u9FFF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]/;

/**
 * The Noto family that has each target language's script, regular and bold, from the npm registry
 * (`@expo-google-fonts/*`, SIL Open Font License). Latin-script languages (Vietnamese included)
 * share Noto Sans. Text with Chinese in it (a brand kept as it is, full-width punctuation) is drawn
 * in Noto Sans SC, which has Latin letters too: Pango would otherwise look for those glyphs among
 * the server's own fonts, and a server without CJK fonts drew them as boxes, which OCR then read
 * back as leftover Chinese.
 */
export function fontsFor(language: string, text = ''): { regular: FontFace; bold: FontFace } {
  // Not Thai: Noto Sans SC has no Thai letters, and the Thai text matters more than a kept brand.
  if (!['ja', 'ko', 'th'].includes(language) && CJK.test(text))
    return {
      regular: face('noto-sans-sc', 'Noto Sans SC', '400Regular/NotoSansSC_400Regular.ttf'),
      bold: face('noto-sans-sc', 'Noto Sans SC', '700Bold/NotoSansSC_700Bold.ttf'),
    };
  if (language === 'ja')
    return {
      regular: face('noto-sans-jp', 'Noto Sans JP', '400Regular/NotoSansJP_400Regular.ttf'),
      bold: face('noto-sans-jp', 'Noto Sans JP', '700Bold/NotoSansJP_700Bold.ttf'),
    };
  if (language === 'ko')
    return {
      regular: face('noto-sans-kr', 'Noto Sans KR', '400Regular/NotoSansKR_400Regular.ttf'),
      bold: face('noto-sans-kr', 'Noto Sans KR', '700Bold/NotoSansKR_700Bold.ttf'),
    };
  if (language === 'th')
    return {
      regular: face('noto-sans-thai', 'Noto Sans Thai', '400Regular/NotoSansThai_400Regular.ttf'),
      bold: face('noto-sans-thai', 'Noto Sans Thai', '700Bold/NotoSansThai_700Bold.ttf'),
    };
  return {
    regular: face('noto-sans', 'Noto Sans', '400Regular/NotoSans_400Regular.ttf'),
    bold: face('noto-sans', 'Noto Sans', '700Bold/NotoSans_700Bold.ttf'),
  };
}
