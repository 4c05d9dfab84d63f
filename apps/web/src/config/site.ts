import type { SiteConfig } from '@chuhai/contract';

const FALLBACK: SiteConfig = {
  companyName: '出海助手',
  copyright: `© ${new Date().getFullYear()} 出海助手 版权所有`,
  icpNumber: '',
  contactEmail: 'support@chuhai.example',
  contactPhone: '400-000-0000',
  contactAddress: '广东省深圳市南山区',
  serviceHours: '工作日 9:00–18:00',
};

function readSiteConfig(): SiteConfig {
  const content = document.querySelector('meta[name="site-config"]')?.getAttribute('content');
  if (!content) return FALLBACK;
  try {
    return { ...FALLBACK, ...(JSON.parse(content) as Partial<SiteConfig>) };
  } catch {
    return FALLBACK;
  }
}

export const site: SiteConfig = readSiteConfig();
