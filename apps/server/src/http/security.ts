import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers with a CSP the app works under: scripts only from our origin; inline styles are
 * allowed because antd injects its CSS-in-JS style tags at run time; images may be data or blob
 * URLs (previews of uploads, Markdown's allowed image data URLs).
 */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Payment pages and WIPO links open in new windows; keep the opener relation cut.
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      // Cross-origin isolation would block provider images shown by URL; not needed here.
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  },
  { name: 'security' },
);
