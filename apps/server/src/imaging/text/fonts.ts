import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

/** A font file and the family name Pango knows it by. */
export interface FontFace {
  file: string;
  family: string;
  /**
   * Faces Pango draws a character from when this one lacks it, in order: without them it looks
   * among the server's own fonts, and a server without fonts (the Docker image has none) draws a box.
   */
  fallbacks?: FontFace[];
}

const face = (pkg: string, family: string, file: string): FontFace => ({
  file: require.resolve(`@expo-google-fonts/${pkg}/${file}`),
  family,
});

const NOTO_SANS = {
  regular: face('noto-sans', 'Noto Sans', '400Regular/NotoSans_400Regular.ttf'),
  bold: face('noto-sans', 'Noto Sans', '700Bold/NotoSans_700Bold.ttf'),
};
const NOTO_SANS_SC = {
  regular: face('noto-sans-sc', 'Noto Sans SC', '400Regular/NotoSansSC_400Regular.ttf'),
  bold: face('noto-sans-sc', 'Noto Sans SC', '700Bold/NotoSansSC_700Bold.ttf'),
};
const NOTO_SANS_THAI = {
  regular: face('noto-sans-thai', 'Noto Sans Thai', '400Regular/NotoSansThai_400Regular.ttf'),
  bold: face('noto-sans-thai', 'Noto Sans Thai', '700Bold/NotoSansThai_700Bold.ttf'),
};

type Faces = { regular: FontFace; bold: FontFace };
const withFallback = (main: Faces, fallback: Faces): Faces => ({
  regular: { ...main.regular, fallbacks: [fallback.regular] },
  bold: { ...main.bold, fallbacks: [fallback.bold] },
});

/** Han characters, kana, CJK punctuation and full-width forms: glyphs Noto Sans lacks. */
const CJK = /[\u2E80-\u9FFF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]/;

/**
 * The Noto family that has each target language's script, regular and bold, from the npm registry
 * (`@expo-google-fonts/*`, SIL Open Font License). Latin-script languages (Vietnamese included)
 * share Noto Sans. Text with Chinese in it (a brand kept as it is, full-width punctuation) has
 * Noto Sans SC behind its own font for those characters: Pango would otherwise look for them among
 * the server's own fonts, and a server without CJK fonts drew them as boxes, which OCR then read
 * back as leftover Chinese. The language's own font comes first: Noto Sans SC has basic Latin but
 * not ł ą ę, and its ś ż were drawn as s and z with the mark on the next letter.
 */
export function fontsFor(language: string, text = ''): Faces {
  const chinese = CJK.test(text);
  if (language === 'th') return chinese ? withFallback(NOTO_SANS_THAI, NOTO_SANS_SC) : NOTO_SANS_THAI;
  if (!['ja', 'ko'].includes(language) && chinese) return withFallback(NOTO_SANS, NOTO_SANS_SC);
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
  return NOTO_SANS;
}

const registered = new Map<string, Promise<unknown>>();

/**
 * Makes a face's fallbacks known to Pango. libvips hands Pango the one `fontfile` of each text it
 * draws and keeps it for the process; a fallback is handed over by drawing a character with it once.
 */
export async function registerFallbacks(main: FontFace): Promise<void> {
  await Promise.all(
    (main.fallbacks ?? []).map((fallback) => {
      let done = registered.get(fallback.file);
      if (!done) {
        done = sharp({ text: { text: '.', font: fallback.family, fontfile: fallback.file } })
          .png()
          .toBuffer();
        registered.set(fallback.file, done);
      }
      return done;
    }),
  );
}

/** The Pango font description of a face with its fallbacks: 「Noto Sans SC, Noto Sans Bold 24」. */
export const fontDescription = (main: FontFace, bold: boolean, size: number) =>
  `${[main, ...(main.fallbacks ?? [])].map((f) => f.family).join(', ')}${bold ? ' Bold' : ''} ${size}`;
