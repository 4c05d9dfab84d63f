import type { PersonalData } from '../../app-module.ts';
import { readResult } from './task-result.ts';

/** 一键出海 jobs, their tasks and their files: gone with the account. */
export const localisePersonalData: PersonalData = {
  tables: [
    { table: 'localise_jobs', columns: ['user_id'], onDelete: 'deleted' },
    { table: 'localise_tasks', columns: ['user_id'], onDelete: 'deleted' },
  ],
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
    await trx.deleteFrom('localise_tasks').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('localise_jobs').where('user_id', '=', user.id).execute();
    return tasks.flatMap((t) => readResult(t.result).files.map((f) => f.key));
  },
};
