import type { PersonalData } from '../../app-module.ts';
import { deleteJobsOf, jobPersonalTables } from '../../queue/job-items.ts';
import { sharedFilesOfUser } from './shared-repository.ts';
import { readResult } from './task-result.ts';

/** 一键出海 jobs, their tasks and their files: gone with the account. */
export const localisePersonalData: PersonalData = {
  tables: jobPersonalTables('localise_jobs', 'localise_tasks'),
  async exportFor(deps, user) {
    const jobs = await deps.db
      .selectFrom('localise_jobs')
      .select(['id', 'status', 'products', 'sites', 'created_at'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    return {
      localiseJobs: jobs.map((job) => ({
        createdAt: Number(job.created_at),
        status: job.status,
        products: JSON.parse(job.products),
        sites: JSON.parse(job.sites) as string[],
      })),
    };
  },
  async eraseIn(trx, user) {
    const tasks = await trx
      .selectFrom('localise_tasks')
      .select('result')
      .where('user_id', '=', user.id)
      .execute();
    // The results the jobs' sites shared go with their jobs (the foreign key cascades), files too.
    const shared = await sharedFilesOfUser(trx, user.id);
    await deleteJobsOf(trx, { jobs: 'localise_jobs', items: 'localise_tasks' }, user.id);
    return [...tasks.flatMap((t) => readResult(t.result).files.map((f) => f.key)), ...shared];
  },
};
