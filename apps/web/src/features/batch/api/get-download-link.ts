import { api } from '../../../lib/api-client';

/** `GET /api/v1/batch/jobs/:id/download`: a signed link to the results ZIP, good for an hour. */
export const downloadLink = (id: number) => api.get<{ url: string }>(`/api/v1/batch/jobs/${id}/download`);
