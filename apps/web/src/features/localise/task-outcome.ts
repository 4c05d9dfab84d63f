import type {
  LocaliseJob,
  LocaliseRuleResult,
  LocaliseStage,
  LocaliseTask,
  LocaliseTaskStatus,
} from '@chuhai/contract';
import { JOB_ITEM_STATUS_NAMES } from '@chuhai/contract';
import { countsText } from '../../entities/job/job-progress';
import { STATUS_COLORS } from '../../entities/job/job-status';

export type Verdict = 'ready' | 'not-ready' | 'failed' | 'pending' | 'paused' | 'cancelled';

/** What the seller reads about a product × site: 可以上架 only when it is done and every 必须 rule passed. */
export function verdictOf(task: Pick<LocaliseTask, 'status' | 'ready'>): Verdict {
  if (task.status === 'done') return task.ready ? 'ready' : 'not-ready';
  if (task.status === 'failed') return 'failed';
  if (task.status === 'cancelled') return 'cancelled';
  if (task.status === 'paused') return 'paused';
  return 'pending';
}

/** A product × site's answer; those that are only a state wear the state's colour. */
export const VERDICTS: Record<Verdict, { text: string; color: string }> = {
  ready: { text: '可以上架', color: STATUS_COLORS.done },
  'not-ready': { text: '不能上架', color: STATUS_COLORS.failed },
  failed: { text: '失败', color: STATUS_COLORS.failed },
  pending: { text: '处理中', color: STATUS_COLORS.processing },
  paused: { text: '已暂停', color: STATUS_COLORS.paused },
  cancelled: { text: '已取消', color: STATUS_COLORS.cancelled },
};

export const STAGE_NAMES: Record<LocaliseStage, string> = {
  listing: '撰写 listing',
  main: '做主图',
  pictures: '翻译详情图',
  check: '复查规则',
};

/** A product × site's status in words: the same as 批量处理's images'. */
const TASK_STATUS_NAMES: Record<LocaliseTaskStatus, string> = JOB_ITEM_STATUS_NAMES;

/** The 必须 rules the result breaks: why it cannot be listed, each with what to do. */
export const failingRequired = (task: Pick<LocaliseTask, 'rules'>): LocaliseRuleResult[] =>
  task.rules.filter((rule) => rule.level === 'required' && !rule.pass);

/**
 * Text the residual check leaves out on purpose, said on the report itself: the product's own print
 * kept as it is, another shop's watermark erased. The seller reads what, not only how many.
 */
const SHOWN_WARNINGS = new Set(['picture.kept', 'picture.shop-mark']);

/** Warnings shown in full: what stayed on a picture and what was erased (SHOWN_WARNINGS). */
export const keptTextNotes = (task: Pick<LocaliseTask, 'rules'>): LocaliseRuleResult[] =>
  task.rules.filter((rule) => SHOWN_WARNINGS.has(rule.ruleId) && !rule.pass);

/** The other 建议 rules the result breaks: worth a look, but they do not stop the listing. */
export const failingRecommended = (task: Pick<LocaliseTask, 'rules'>): LocaliseRuleResult[] =>
  task.rules.filter((rule) => rule.level === 'recommended' && !rule.pass && !SHOWN_WARNINGS.has(rule.ruleId));

/**
 * Why a task failed or waits, when that says more than its state: a task the seller paused carries
 * 「已暂停」, which its tag already says.
 */
export const reasonOf = (task: Pick<LocaliseTask, 'status' | 'reason'>): string =>
  task.reason === TASK_STATUS_NAMES[task.status] ? '' : task.reason;

/** A task that is waiting, paused or being worked on: what it is doing, in words. */
export function taskDoing(task: Pick<LocaliseTask, 'status' | 'stage'>): string {
  if (task.status === 'processing' && task.stage) return `正在${STAGE_NAMES[task.stage]}`;
  return TASK_STATUS_NAMES[task.status];
}

/** 「共 6 个（3 个商品 × 2 个站点）」: how many product × site the job has, and what they are. */
export const jobWhole = (job: Pick<LocaliseJob, 'total' | 'products' | 'sites'>) =>
  `共 ${job.total} 个（${job.products} 个商品 × ${job.sites.length} 个站点）`;

/** After 完成 4: 「（可以上架 3）」, since a site done is not always a site ready to list. */
export const readyNote = (job: Pick<LocaliseJob, 'ready'>) => `（可以上架 ${job.ready}）`;

/**
 * 「共 6 个（3 个商品 × 2 个站点）：完成 4（可以上架 3），处理中 1，等待 1」: the counts that are not
 * zero, in the order a seller follows them.
 */
export const jobCountsText = (job: Pick<LocaliseJob, 'total' | 'counts' | 'products' | 'sites' | 'ready'>) =>
  countsText(job, jobWhole(job), readyNote(job));

/** The uses a delivered task was charged, in words: 「AI 问答 1 · 抠图 1」. */
export function chargedText(charged: Record<string, number>, names: Record<string, string>): string {
  return Object.entries(charged)
    .filter(([, n]) => n > 0)
    .map(([feature, n]) => `${names[feature] ?? feature} ${n}`)
    .join(' · ');
}
