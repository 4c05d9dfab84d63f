/** `host`, `https://host` or `http://127.0.0.1:8080` → the protocol and host the SDKs want. */
export function splitEndpoint(endpoint: string): { protocol: 'http' | 'https'; host: string } {
  const match = /^(https?):\/\/(.+?)\/?$/i.exec(endpoint.trim());
  if (!match) return { protocol: 'https', host: endpoint.trim() };
  return { protocol: match[1]?.toLowerCase() === 'http' ? 'http' : 'https', host: match[2] ?? '' };
}
