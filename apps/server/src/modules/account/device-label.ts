/** A short, human name for a browser from its User-Agent: 「Chrome · Windows」, 「微信 · iPhone」. */
export function deviceLabel(userAgent: string): string {
  const ua = userAgent;
  const app =
    (/MicroMessenger/i.test(ua) && '微信') ||
    (/Edg\//.test(ua) && 'Edge') ||
    (/OPR\/|Opera/.test(ua) && 'Opera') ||
    (/Firefox\//.test(ua) && 'Firefox') ||
    (/Chrome\/|Chromium\/|CriOS\//.test(ua) && 'Chrome') ||
    (/Safari\//.test(ua) && 'Safari') ||
    '';
  const system =
    (/iPhone/.test(ua) && 'iPhone') ||
    (/iPad/.test(ua) && 'iPad') ||
    (/Android/.test(ua) && 'Android') ||
    (/Windows/.test(ua) && 'Windows') ||
    (/Mac OS X|Macintosh/.test(ua) && 'Mac') ||
    (/Linux/.test(ua) && 'Linux') ||
    '';
  const label = [app, system].filter(Boolean).join(' · ');
  return label || '未知设备';
}

/** An address with its last part hidden: 203.0.113.*, 2400:3200:…; empty stays empty. */
export function maskIp(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.*`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 2).join(':')}:…`;
  return ip;
}
