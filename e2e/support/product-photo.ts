import sharp from 'sharp';

/** A red box left on the table beside the mug: the model cuts it out with the mug. */
export const LEFTOVER = '<rect x="1240" y="690" width="200" height="150" rx="8" fill="#c0392b"/>';

/**
 * A product photo the tests draw themselves (no photo can be downloaded here): a blue mug with a
 * handle and a highlight, on a grey wall above a wooden table.
 */
export function mugPhoto(options: { leftover?: boolean } = {}): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
<defs>
<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.004 0.08" numOctaves="3" seed="4"/>
<feColorMatrix type="matrix" values="0 0 0 0 0.35  0 0 0 0 0.22  0 0 0 0 0.1  0 0 0 0.6 0"/></filter>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9d3cf"/><stop offset="1" stop-color="#aab6b1"/></linearGradient>
<linearGradient id="mug" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1d4f91"/><stop offset="0.35" stop-color="#3c7fd1"/><stop offset="1" stop-color="#143a6b"/></linearGradient>
</defs>
<rect width="1600" height="760" fill="url(#wall)"/>
<rect y="760" width="1600" height="440" fill="#b07a48"/><rect y="760" width="1600" height="440" filter="url(#grain)"/>
<path d="M1010 520 C 1150 520, 1150 760, 1010 760" fill="none" stroke="#1d4f91" stroke-width="44"/>
<rect x="620" y="420" width="420" height="440" rx="30" fill="url(#mug)"/>
<ellipse cx="830" cy="420" rx="210" ry="38" fill="#0f2e57"/>
<rect x="690" y="560" width="90" height="200" rx="14" fill="#ffffff" opacity="0.25"/>
${options.leftover ? LEFTOVER : ''}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
