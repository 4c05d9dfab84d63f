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

/**
 * The Noto family that has each target language's script, regular and bold, from the npm registry
 * (`@expo-google-fonts/*`, SIL Open Font License). Latin-script languages (Vietnamese included)
 * share Noto Sans.
 */
export function fontsFor(language: string): { regular: FontFace; bold: FontFace } {
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
