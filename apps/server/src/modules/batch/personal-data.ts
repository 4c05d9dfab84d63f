import type { PersonalData } from '../../app-module.ts';
import { deleteJobsOf, jobPersonalTables } from '../../jobs/items.ts';
import * as batches from './repository.ts';

/**
 * 批量处理 jobs, their images and their files: gone with the account (the results ZIP link then
 * finds no job and answers 404).
 */
export const batchPersonalData: PersonalData = {
  tables: jobPersonalTables('batch_jobs', 'batch_items'),
  async exportFor(deps, user) {
    const jobs = await batches.jobsOfUser(deps.db, user.id);
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
    const files = await batches.filesOfUser(trx, user.id);
    await deleteJobsOf(trx, batches.BATCH_TABLES, user.id);
    return files;
  },
};
