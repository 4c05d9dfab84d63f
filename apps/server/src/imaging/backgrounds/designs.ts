import { fill, linear, noise, radial, seeded, svg, sweep } from './svg.ts';

/**
 * The background library: every design is drawn here, as SVG, by the project itself, so no
 * third-party image (or its licence) is involved. Ids are stable: they appear in saved requests.
 */
export interface BackgroundDesign {
  id: string;
  name: string;
  categoryId: string;
  svg: string;
}

export const CATEGORIES = [
  { id: 'solid', name: '纯色' },
  { id: 'gradient', name: '渐变' },
  { id: 'studio', name: '影棚' },
  { id: 'texture', name: '纹理' },
  { id: 'scene', name: '场景' },
  { id: 'festival', name: '节日' },
] as const;

const solids: [string, string, string][] = [
  ['solid-white', '纯白', '#ffffff'],
  ['solid-light-grey', '浅灰', '#eef0f3'],
  ['solid-ivory', '米白', '#f6f1e7'],
  ['solid-cream', '奶油黄', '#fbe9c3'],
  ['solid-mist-blue', '雾霾蓝', '#cfdbe8'],
  ['solid-mint', '薄荷绿', '#cfeadb'],
  ['solid-blush', '樱花粉', '#f7d6dc'],
  ['solid-charcoal', '炭黑', '#26282c'],
];

const gradients: [string, string, string[], 'down' | 'diagonal' | 'across'][] = [
  ['gradient-dawn', '晨曦', ['#fde2d1', '#f8b4b4'], 'diagonal'],
  ['gradient-ocean', '海洋', ['#d6ecff', '#7fb3f0'], 'down'],
  ['gradient-lavender', '薰衣草', ['#efe3ff', '#b9a4f0'], 'diagonal'],
  ['gradient-lemon', '柠檬', ['#fffbe0', '#ffd76b'], 'down'],
  ['gradient-forest', '森林', ['#e4f5e1', '#7cc59a'], 'down'],
  ['gradient-sunset', '日落', ['#ffcf8a', '#ff7b7b', '#b56ad8'], 'diagonal'],
  ['gradient-silver', '银灰', ['#ffffff', '#c9ced6'], 'down'],
  ['gradient-night', '夜空', ['#2b3a67', '#0d1020'], 'down'],
];

const studios: [string, string, string, string, string][] = [
  ['studio-white', '白色影棚', '#ffffff', '#f1f2f4', '#dcdfe4'],
  ['studio-grey', '灰色影棚', '#d9dce1', '#b9bec6', '#9aa0a9'],
  ['studio-warm', '暖调影棚', '#fbf3e8', '#efdcc3', '#d9bf9c'],
  ['studio-blue', '蓝调影棚', '#e6f0fb', '#bcd3ee', '#8fb0da'],
  ['studio-pink', '粉调影棚', '#fdeef1', '#f3c9d2', '#e3a3b2'],
  ['studio-green', '青绿影棚', '#e9f6f1', '#bfe3d4', '#8ccbb3'],
  ['studio-black', '黑色影棚', '#3a3d44', '#1c1e22', '#0b0c0e'],
];

function texture(base: string, filter: string, extra = ''): string {
  return svg(`${fill(base)}${extra}<rect width="1000" height="1000" filter="url(#n)"/>`, filter);
}

function woodPlanks(base: string, line: string): string {
  const planks = Array.from(
    { length: 5 },
    (_, i) => `<rect x="0" y="${i * 200}" width="1000" height="2" fill="${line}" opacity="0.35"/>`,
  ).join('');
  return texture(base, noise('n', '0.004 0.09', 3, 0.28, 7), planks);
}

function dots(base: string, dot: string): string {
  const out: string[] = [];
  for (let y = 25; y < 1000; y += 50)
    for (let x = (y / 50) % 2 ? 50 : 25; x < 1000; x += 50)
      out.push(`<circle cx="${x}" cy="${y}" r="6" fill="${dot}"/>`);
  return svg(fill(base) + out.join(''));
}

function terrazzo(): string {
  const random = seeded(42);
  const colors = ['#c9a27e', '#8e9aa6', '#d7c6b1', '#6f7c6a', '#b4826b'];
  const chips = Array.from({ length: 160 }, () => {
    const x = random() * 1000;
    const y = random() * 1000;
    const r = 4 + random() * 14;
    const color = colors[Math.floor(random() * colors.length)];
    return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${r.toFixed(1)}" ry="${(r * 0.7).toFixed(1)}" transform="rotate(${(random() * 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${color}"/>`;
  });
  return svg(fill('#f1ede6') + chips.join(''));
}

function scatter(
  count: number,
  seed: number,
  draw: (x: number, y: number, r: number, i: number) => string,
): string {
  const random = seeded(seed);
  return Array.from({ length: count }, (_, i) => draw(random() * 1000, random() * 1000, random(), i)).join(
    '',
  );
}

const heart = (x: number, y: number, s: number, color: string) =>
  `<path transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${s.toFixed(2)})" d="M0 6 C -8 -4, -22 4, 0 22 C 22 4, 8 -4, 0 6 Z" fill="${color}"/>`;

/** Circles scattered over the canvas, or over a band of it: snow, stars, lanterns' glow, bubbles. */
interface Circles {
  count: number;
  seed: number;
  /** Smallest radius, and how much larger a circle may be. */
  radius: [number, number];
  /** How the circles are painted (fill, stroke). */
  paint: string;
  /** One opacity for all, or the smallest and how much more a larger circle gets. */
  opacity: number | [number, number];
  /** Where they fall: the band's top, and how much of the canvas's height it spans. */
  band?: [number, number];
}

function circles({ count, seed, radius, paint, opacity, band = [0, 1] }: Circles): string {
  // A circle of 10 px or more is drawn to the pixel; a smaller one to a tenth, or it looks stepped.
  const digits = radius[0] >= 10 ? 0 : 1;
  return scatter(count, seed, (x, y, r) => {
    const alpha = typeof opacity === 'number' ? opacity : (opacity[0] + r * opacity[1]).toFixed(2);
    return `<circle cx="${x.toFixed(0)}" cy="${(band[0] + y * band[1]).toFixed(0)}" r="${(radius[0] + r * radius[1]).toFixed(digits)}" ${paint} opacity="${alpha}"/>`;
  });
}

/** A festival: its ground (the gradient `g` its `defs` define, or a plain colour) and what is drawn on it. */
interface Festival {
  id: string;
  name: string;
  defs: string;
  ground?: string;
  decor: string;
}

const festivals: Festival[] = [
  {
    id: 'festival-spring',
    name: '春节红',
    defs: radial('g', '#e0352b', '#9e1510'),
    decor: circles({
      count: 26,
      seed: 8,
      radius: [10, 40],
      paint: 'fill="none" stroke="#f6c85f" stroke-width="3"',
      opacity: 0.45,
    }),
  },
  {
    id: 'festival-christmas',
    name: '圣诞',
    defs: linear('g', ['#1f6b45', '#0e3b27']),
    decor: circles({ count: 90, seed: 12, radius: [2, 6], paint: 'fill="#ffffff"', opacity: [0.4, 0.5] }),
  },
  {
    id: 'festival-black-friday',
    name: '黑五',
    defs: '',
    ground: '#121212',
    decor: Array.from(
      { length: 12 },
      (_, i) =>
        `<rect x="${i * 90 - 200}" y="-100" width="24" height="1300" fill="#d4a94a" opacity="0.18" transform="rotate(30 500 500)"/>`,
    ).join(''),
  },
  {
    id: 'festival-valentine',
    name: '情人节',
    defs: linear('g', ['#fff0f4', '#ffd1dc']),
    decor: scatter(30, 14, (x, y, r) => heart(x, y, 0.8 + r * 2.2, r > 0.5 ? '#ff8fab' : '#ffc2d1')),
  },
  {
    id: 'festival-halloween',
    name: '万圣节',
    defs: linear('g', ['#3b1f4a', '#f28c28']),
    decor: circles({
      count: 18,
      seed: 31,
      radius: [3, 4],
      paint: 'fill="#ffb347"',
      opacity: 0.7,
      band: [0, 0.6],
    }),
  },
  {
    id: 'festival-double-eleven',
    name: '双十一',
    defs: linear('g', ['#ff4e50', '#c3195d'], 'diagonal'),
    decor: scatter(
      70,
      5,
      (x, y, r, i) =>
        `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(6 + r * 10).toFixed(0)}" height="${(3 + r * 5).toFixed(0)}" fill="${['#ffd166', '#ffffff', '#ff9f1c'][i % 3]}" opacity="0.8" transform="rotate(${(r * 360).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
    ),
  },
  {
    id: 'festival-summer',
    name: '夏日',
    defs: linear('g', ['#ffe29a', '#5ec8e5']),
    decor:
      '<circle cx="820" cy="180" r="120" fill="#fff7b0" opacity="0.9"/>' +
      circles({
        count: 14,
        seed: 17,
        radius: [20, 50],
        paint: 'fill="#ffffff"',
        opacity: 0.18,
        band: [500, 0.5],
      }),
  },
  {
    id: 'festival-mid-autumn',
    name: '中秋',
    defs:
      linear('g', ['#1b2a4a', '#3b4f7a']) +
      radial('glow', 'rgba(255,255,255,0)', 'rgba(255,214,120,0.6)', 0.5, 0.5, 0.5),
    decor:
      '<circle cx="700" cy="260" r="150" fill="#fde9b0"/><circle cx="700" cy="260" r="150" fill="url(#glow)"/>' +
      circles({ count: 50, seed: 23, radius: [1, 2], paint: 'fill="#ffffff"', opacity: 0.7, band: [0, 0.7] }),
  },
];

/** A tabletop: a wall above a surface edge, the product stands on the surface. */
function tabletop(wall: string[], surface: string[], extra = ''): string {
  return svg(
    `<rect width="1000" height="700" fill="url(#wall)"/><rect y="700" width="1000" height="300" fill="url(#top)"/>` +
      `<rect y="698" width="1000" height="6" fill="#000" opacity="0.08"/>${extra}`,
    linear('wall', wall) + linear('top', surface),
  );
}

export const DESIGNS: BackgroundDesign[] = [
  ...solids.map(([id, name, color]) => ({ id, name, categoryId: 'solid', svg: svg(fill(color)) })),
  ...gradients.map(([id, name, stops, angle]) => ({
    id,
    name,
    categoryId: 'gradient',
    svg: svg(fill('url(#g)'), linear('g', stops, angle)),
  })),
  {
    id: 'gradient-spotlight',
    name: '聚光',
    categoryId: 'gradient',
    svg: svg(fill('url(#g)'), radial('g', '#ffffff', '#b8c2d0')),
  },
  ...studios.map(([id, name, top, bottom, floor]) => ({
    id,
    name,
    categoryId: 'studio',
    svg: sweep(top, bottom, floor, id === 'studio-black' ? 'rgba(255,255,255,0.18)' : undefined),
  })),
  { id: 'texture-oak', name: '橡木', categoryId: 'texture', svg: woodPlanks('#c89f73', '#6b4a2b') },
  { id: 'texture-walnut', name: '胡桃木', categoryId: 'texture', svg: woodPlanks('#6f4a33', '#2a1a10') },
  {
    id: 'texture-marble',
    name: '大理石',
    categoryId: 'texture',
    svg: texture('#f4f3f1', noise('n', '0.006 0.012', 5, 0.22, 11)),
  },
  {
    id: 'texture-concrete',
    name: '水泥',
    categoryId: 'texture',
    svg: texture('#b9b7b3', noise('n', '0.35', 4, 0.35, 5)),
  },
  {
    id: 'texture-linen',
    name: '亚麻布',
    categoryId: 'texture',
    svg: texture('#e8dfcf', noise('n', '0.9 0.05', 2, 0.25, 9)),
  },
  {
    id: 'texture-kraft',
    name: '牛皮纸',
    categoryId: 'texture',
    svg: texture('#c9a77a', noise('n', '0.5', 3, 0.3, 13)),
  },
  { id: 'texture-terrazzo', name: '水磨石', categoryId: 'texture', svg: terrazzo() },
  { id: 'texture-polka', name: '波点', categoryId: 'texture', svg: dots('#fff4e6', '#f3c58f') },
  {
    id: 'scene-marble-table',
    name: '大理石台面',
    categoryId: 'scene',
    svg: tabletop(['#f7f5f2', '#e9e5df'], ['#ffffff', '#dcd8d2']),
  },
  {
    id: 'scene-wood-table',
    name: '木桌',
    categoryId: 'scene',
    svg: tabletop(['#f3efe8', '#e2d9cb'], ['#b98a5e', '#8a6240']),
  },
  {
    id: 'scene-window-light',
    name: '窗边光影',
    categoryId: 'scene',
    svg: tabletop(
      ['#efe9df', '#e4dccf'],
      ['#d8cbb8', '#c2b39e'],
      '<g opacity="0.35" fill="#fff8e6"><polygon points="120,0 330,0 520,700 300,700"/><polygon points="380,0 590,0 780,700 560,700"/></g>',
    ),
  },
  {
    id: 'scene-kitchen',
    name: '厨房台面',
    categoryId: 'scene',
    svg: tabletop(
      ['#ffffff', '#eef1f3'],
      ['#e7e3dc', '#cfc9bf'],
      Array.from(
        { length: 10 },
        (_, i) => `<rect x="${i * 100}" y="0" width="1" height="700" fill="#c9d1d8"/>`,
      ).join('') +
        Array.from(
          { length: 7 },
          (_, i) => `<rect x="0" y="${i * 100}" width="1000" height="1" fill="#c9d1d8"/>`,
        ).join(''),
    ),
  },
  {
    id: 'scene-bathroom',
    name: '浴室',
    categoryId: 'scene',
    svg: tabletop(
      ['#e7f2f5', '#d3e6ec'],
      ['#ffffff', '#e4ecef'],
      Array.from(
        { length: 20 },
        (_, i) => `<rect x="${i * 50}" y="0" width="1" height="700" fill="#b7d0d8"/>`,
      ).join(''),
    ),
  },
  {
    id: 'scene-beach',
    name: '海滩',
    categoryId: 'scene',
    svg: svg(
      '<rect width="1000" height="520" fill="url(#sky)"/><rect y="500" width="1000" height="160" fill="url(#sea)"/>' +
        '<path d="M0 640 C 250 610, 600 660, 1000 620 L1000 1000 L0 1000 Z" fill="url(#sand)"/>' +
        '<circle cx="800" cy="170" r="70" fill="#fff3c4" opacity="0.9"/>',
      linear('sky', ['#9fd3f5', '#e3f4fd']) +
        linear('sea', ['#4aa3c9', '#7cc4dc']) +
        linear('sand', ['#f3dfb5', '#e3c48d']),
    ),
  },
  {
    id: 'scene-garden',
    name: '草地',
    categoryId: 'scene',
    svg: svg(
      '<rect width="1000" height="600" fill="url(#sky)"/><path d="M0 600 C 300 560, 700 580, 1000 560 L1000 1000 L0 1000 Z" fill="url(#grass)"/>' +
        circles({
          count: 40,
          seed: 21,
          radius: [3, 5],
          paint: 'fill="#fff6a8"',
          opacity: 0.8,
          band: [610, 0.38],
        }),
      linear('sky', ['#cfe9ff', '#f4fbff']) + linear('grass', ['#8fd07a', '#4e9a4a']),
    ),
  },
  {
    id: 'scene-podium',
    name: '展台',
    categoryId: 'scene',
    svg: svg(
      `${fill('url(#wall)')}<rect x="220" y="700" width="560" height="300" fill="url(#side)"/><ellipse cx="500" cy="700" rx="280" ry="60" fill="#f7f3ee"/>` +
        '<ellipse cx="500" cy="1000" rx="280" ry="60" fill="#d8cfc4"/>',
      linear('wall', ['#efe6dc', '#dfd0c0']) + linear('side', ['#e9e0d6', '#cfc2b3'], 'across'),
    ),
  },
  ...festivals.map((f) => ({
    id: f.id,
    name: f.name,
    categoryId: 'festival',
    svg: svg(fill(f.ground ?? 'url(#g)') + f.decor, f.defs),
  })),
];
