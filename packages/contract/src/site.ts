/** What the footer, contact page and privacy policy show: set on the server (SITE_* variables), sent inside index.html. */
export interface SiteConfig {
  companyName: string;
  copyright: string;
  icpNumber: string;
  contactEmail: string;
  contactPhone: string;
  contactAddress: string;
  serviceHours: string;
}
