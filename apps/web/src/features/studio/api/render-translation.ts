import type { TranslateRenderBody, TranslateRenderResult } from '@chuhai/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/translate/render`: the edited blocks drawn again on the erased image. */
export const renderTranslation = (body: TranslateRenderBody) =>
  api.post<TranslateRenderResult>('/api/v1/translate/render', body, { silent: true });
