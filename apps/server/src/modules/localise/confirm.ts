import { type LocaliseConfirmBody, type LocaliseJobDetail, ResultCode } from '@chuhai/contract';
import { AppError } from '../../lib/app-error.ts';
import type { LocaliseDeps } from './deps.ts';
import { jobDetail, ownJob } from './job-actions.ts';
import { readyToList } from './report.ts';
import * as localise from './repository.ts';

/** Two confirmations of one task at once: each reads again and tries, at most this many times. */
const TRIES = 3;

/**
 * 「我已核对」: the seller looked at a check that could not tell (a listing or a picture with too few
 * words to say its language) and confirms it. That rule then passes on the seller's word, says so,
 * and the product × site is 可以上架 if nothing else stops it; report.csv and the ZIP say the same,
 * since they are read from the task. Only an unsure check can be confirmed: a listing read as
 * another language is not the seller's to wave through. Confirming twice is the same as once.
 */
export async function confirmRule(
  deps: Pick<LocaliseDeps, 'db' | 'clock' | 'fileUrlSecret'>,
  userId: number,
  jobId: number,
  taskId: number,
  body: LocaliseConfirmBody,
): Promise<LocaliseJobDetail> {
  await ownJob(deps, userId, jobId);
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const task = await localise.taskById(deps.db, taskId);
    if (!task || Number(task.job_id) !== jobId)
      throw new AppError(ResultCode.notFound, '这个站点不在这个出海任务里');
    if (task.status !== 'done') throw new AppError(ResultCode.badRequest, '这个站点还没有做完，做完后再核对');
    const result = task.result;
    const at = result.rules.findIndex((rule) => rule.ruleId === body.ruleId && rule.place === body.place);
    const rule = result.rules[at];
    if (!rule) throw new AppError(ResultCode.notFound, '没有这一条检查，请刷新页面后再试');
    if (rule.confirmed) return jobDetail(deps, userId, jobId);
    if (!rule.unsure || rule.pass)
      throw new AppError(
        ResultCode.badRequest,
        '这一条不是「无法判断」的检查，不能由卖家确认：请按「怎么办」修改',
      );
    const rules = result.rules.with(at, {
      ...rule,
      pass: true,
      confirmed: true,
      message: `卖家已核对：${rule.message.replace(/^内容太少，无法判断是不是/, '是').replace(/^图上译文太少，无法判断是不是/, '图上译文是')}`,
      todo: '',
    });
    const after = { ...result, rules, ready: readyToList(rules) };
    if (await localise.replaceResult(deps.db, taskId, task.storedResult, after))
      return jobDetail(deps, userId, jobId);
  }
  throw new AppError(ResultCode.badRequest, '这个站点刚被改过，请刷新页面后再试');
}
