import type { PersonalData } from '../../app-module.ts';
import { deleteJobsOf, jobPersonalTables } from '../../queue/job-items.ts';
import * as batches from './repository.ts';

/**
 * 批量处理 jobs, their images and their files: gone with the account (the results ZIP link then
 * finds no job and answers 404).
 */
export const batchPersonalData: PersonalData = {
  tables: jobPersonalTables('batch_jobs', 'batch_items'),
  async exportFor(deps, user) {
    const jobs = await deps.db
      .selectFrom('batch_jobs')
      .select(['id', 'status', 'created_at'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    const batchJobs = [];
    for (const job of jobs) {
      const items = await batches.jobItems(deps.db, Number(job.id));
      batchJobs.push({
        createdAt: Number(job.created_at),
        status: job.status,
        images: items.map((item) => ({ name: item.name, status: item.status, reason: item.reason ?? '' })),
      });
    }
    return { batchJobs };
  },
  async eraseIn(trx, user) {
    const files = await trx
      .selectFrom('batch_items')
      .select(['original_key', 'results'])
      .where('user_id', '=', user.id)
      .execute();
    await deleteJobsOf(trx, { jobs: 'batch_jobs', items: 'batch_items' }, user.id);
    return files.flatMap((f) => [
      ...(f.original_key ? [f.original_key] : []),
      ...(JSON.parse(f.results) as { key: string }[]).map((r) => r.key),
    ]);
  },
};
