/** Small helpers for the background designs: every design is an SVG drawn on a 1000×1000 canvas. */

export const CANVAS = 1000;

export function svg(body: string, defs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS}" height="${CANVAS}" viewBox="0 0 ${CANVAS} ${CANVAS}">` +
    `<defs>${defs}</defs>${body}</svg>`
  );
}

export const fill = (color: string) => `<rect width="${CANVAS}" height="${CANVAS}" fill="${color}"/>`;

export function linear(id: string, stops: string[], angle: 'down' | 'diagonal' | 'across' = 'down'): string {
  const end = { down: 'x2="0" y2="1"', diagonal: 'x2="1" y2="1"', across: 'x2="1" y2="0"' }[angle];
  const parts = stops.map(
    (c, i) => `<stop offset="${(i / (stops.length - 1)).toFixed(3)}" stop-color="${c}"/>`,
  );
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}>${parts.join('')}</linearGradient>`;
}

export function radial(id: string, inner: string, outer: string, cx = 0.5, cy = 0.45, r = 0.75): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>`;
}

/** Fractal noise, tinted and faded, for textures (wood, stone, paper). */
export function noise(id: string, frequency: string, octaves: number, opacity: number, seed = 3): string {
  return (
    `<filter id="${id}" x="0" y="0" width="100%" height="100%">` +
    `<feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="${octaves}" seed="${seed}"/>` +
    `<feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 ${opacity} 0"/>` +
    '</filter>'
  );
}

/** A fixed pseudo-random sequence, so a design draws the same scatter every time. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A studio sweep: wall fading into the floor, with a soft light from above. */
export function sweep(
  wallTop: string,
  wallBottom: string,
  floor: string,
  light = 'rgba(255,255,255,0.55)',
): string {
  return svg(
    `<rect width="1000" height="1000" fill="url(#wall)"/>` +
      `<path d="M0 640 C 300 600, 700 600, 1000 640 L1000 1000 L0 1000 Z" fill="url(#floor)"/>` +
      `<ellipse cx="500" cy="380" rx="520" ry="360" fill="url(#light)"/>`,
    linear('wall', [wallTop, wallBottom]) +
      linear('floor', [wallBottom, floor]) +
      `<radialGradient id="light"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="rgba(255,255,255,0)"/></radialGradient>`,
  );
}
