import type { PersonalData } from '../../app-module.ts';
import { deleteJobsOf, jobPersonalTables } from '../../jobs/items.ts';
import * as localise from './repository.ts';
import { sharedFilesOfUser } from './shared-repository.ts';

/** 一键出海 jobs, their tasks and their files: gone with the account. */
export const localisePersonalData: PersonalData = {
  tables: jobPersonalTables('localise_jobs', 'localise_tasks'),
  async exportFor(deps, user) {
    const jobs = await localise.jobsOfUser(deps.db, user.id);
    return {
      localiseJobs: jobs.map((job) => ({
        createdAt: Number(job.created_at),
        status: job.status,
        products: job.products,
        sites: job.sites,
      })),
    };
  },
  async eraseIn(trx, user) {
    const files = await localise.taskFilesOfUser(trx, user.id);
    // The results the jobs' sites shared go with their jobs (the foreign key cascades), files too.
    const shared = await sharedFilesOfUser(trx, user.id);
    await deleteJobsOf(trx, localise.LOCALISE_TABLES, user.id);
    return [...files, ...shared];
  },
};
