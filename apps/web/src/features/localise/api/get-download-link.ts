import { api } from '../../../lib/api-client';

/** `GET /api/v1/localise/:id/download`: a signed link to the results ZIP, good for an hour ('' when nothing is done). */
export const localiseDownloadLink = (id: number) =>
  api.get<{ url: string }>(`/api/v1/localise/${id}/download`);
