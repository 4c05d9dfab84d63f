import { ApiError, buildHeaders } from '../../../lib/api-client';

const TEMPLATE_PATH = '/api/v1/localise/catalogue-template';

/**
 * `GET /api/v1/localise/catalogue-template`: the catalogue's CSV template, saved as a file. Fetched
 * with the seller's headers rather than opened as a link, so it works whether or not the route asks
 * for a signed-in seller.
 */
export async function downloadCatalogueTemplate(): Promise<void> {
  const reply = await fetch(TEMPLATE_PATH, { headers: buildHeaders(TEMPLATE_PATH) });
  if (!reply.ok) {
    const msg = '模板下载失败，请稍后再试';
    throw new ApiError(reply.status, msg, null, msg);
  }
  const url = URL.createObjectURL(await reply.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = '一键出海商品目录模板.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
