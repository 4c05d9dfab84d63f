/**
 * Every route of spec section 2, in one table: `path` for the router, `getHref` for links, `title`
 * for the document title. Nobody types a route string by hand.
 */
const route = (path: string, title: string) => ({ path, title, getHref: () => path });

export const paths = {
  home: route('/', '首页'),
  login: {
    path: '/login',
    title: '登录',
    /** `redirect`: where to go back to once signed in; `phone`: filled in for the user. */
    getHref: (query: { redirect?: string; phone?: string } = {}) => {
      const pairs = Object.entries(query).filter(([, value]) => value);
      if (pairs.length === 0) return '/login';
      return `/login?${pairs.map(([key, value]) => `${key}=${encodeURIComponent(value as string)}`).join('&')}`;
    },
  },
  register: {
    path: '/register',
    title: '注册',
    getHref: (invite?: string) => (invite ? `/register?invite=${encodeURIComponent(invite)}` : '/register'),
  },
  draw: route('/draw', 'AI 绘画'),
  question: route('/question', 'AI 问答'),
  listing: {
    path: '/listing',
    title: 'Listing 工作台',
    /** `listingId`: one of the seller's saved listings, open in the editor with its product and site. */
    getHref: (listingId?: number) => (listingId ? `/listing?listing=${listingId}` : '/listing'),
  },
  localise: {
    path: '/localise',
    title: '一键出海',
    /** `jobId`: the job on screen, kept in the address so a reload comes back to it. */
    getHref: (jobId?: number) => (jobId ? `/localise?job=${jobId}` : '/localise'),
  },
  questionHistory: route('/question/history', '问答历史'),
  price: route('/price', '购买 VIP'),
  profile: route('/profile', '个人中心'),
  changePwd: route('/changePwd', '修改密码'),
  forgetPwd: route('/forgetPwd', '找回密码'),
  pay: {
    path: '/pay',
    title: '支付',
    getHref: (productId?: string) => (productId ? `/pay?productId=${encodeURIComponent(productId)}` : '/pay'),
  },
  intro: route('/intro', '公司简介'),
  about: route('/about', '关于我们'),
  contact: route('/contact', '联系我们'),
  invitat: route('/invitat', '邀请有礼'),
  background: {
    path: '/background',
    title: '智能做图 · 换背景',
    /** `workId`: one of the seller's 换背景 results, open with its settings (继续编辑, and after a reload). */
    getHref: (workId?: number) => (workId ? `/background?work=${workId}` : '/background'),
  },
  image: {
    path: '/image',
    title: '智能做图 · 抠图',
    /** `workId`: one of the seller's cut-outs, open as last brushed (继续编辑, and after a reload). */
    getHref: (workId?: number) => (workId ? `/image?work=${workId}` : '/image'),
  },
  batch: route('/batch', '智能做图 · 批量'),
  translate: {
    path: '/translate',
    title: '智能做图 · 图片翻译',
    /** `translationId`: one of the seller's translations, open in the editor (继续编辑, and after a reload). */
    getHref: (translationId?: number) =>
      translationId ? `/translate?translation=${translationId}` : '/translate',
  },
  privacy: route('/protocol/yszc', '隐私政策'),
  terms: route('/protocol/yhxy', '用户协议'),
  admin: {
    path: '/admin/*',
    title: '运营后台',
    /** A section of the console: '' (概览), 'users', 'orders', 'audit', 'security'. */
    getHref: (section = '') => (section ? `/admin/${section}` : '/admin'),
  },
} as const;

/** Screens that hide the footer (spec section 2): they need the full height. */
export const FOOTERLESS_PATHS: readonly string[] = [paths.question.path, paths.draw.path, paths.invitat.path];

/** The main navigation, in order. `match` lists the paths that highlight the entry. */
export const NAV_LINKS = [
  { key: 'home', label: '首页', to: paths.home.path, match: [paths.home.path] },
  { key: 'question', label: 'AI问答', to: paths.question.path, match: [paths.question.path] },
  { key: 'listing', label: 'Listing', to: paths.listing.path, match: [paths.listing.path] },
  { key: 'localise', label: '一键出海', to: paths.localise.path, match: [paths.localise.path] },
  // Free accounts may try it within a small daily quota: the menus say 「免费试用」.
  { key: 'draw', label: 'AI绘画', to: paths.draw.path, match: [paths.draw.path], freeTrial: true },
  {
    key: 'image',
    label: '智能做图',
    to: paths.image.path,
    match: [paths.image.path, paths.background.path, paths.translate.path, paths.batch.path],
  },
  { key: 'price', label: '购买', to: paths.price.path, match: [paths.price.path, paths.pay.path] },
] as const;

/** 智能做图's tools: the top bar's menu, the drawer's group and the tabs above each tool. */
export const STUDIO_TOOLS = [
  { key: 'image', label: '抠图', to: paths.image.path },
  { key: 'background', label: '换背景', to: paths.background.path },
  { key: 'translate', label: '图片翻译', to: paths.translate.path },
  { key: 'batch', label: '批量处理', to: paths.batch.path },
] as const;

/** Whether a nav entry is the current one: `/` only exactly, others with their sub-routes. */
export function isNavActive(match: readonly string[], pathname: string): boolean {
  return match.some((p) => (p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`)));
}
