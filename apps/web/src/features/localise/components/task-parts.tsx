import { FileImageOutlined, FileTextOutlined, PictureOutlined } from '@ant-design/icons';
import { LISTING_LANGUAGES, type ListingLanguage, type LocaliseTask } from '@chuhai/contract';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useConfirmRule } from '../api/confirm-rule';
import {
  failingRecommended,
  failingRequired,
  keptTextNotes,
  reasonOf,
  taskDoing,
  VERDICTS,
  verdictOf,
} from '../task-outcome';

/** 可以上架, 不能上架, 失败…: the answer for one product × site; what it is doing while not done. */
export function VerdictTag({ task }: { task: LocaliseTask }) {
  const verdict = verdictOf(task);
  const { text, color } = VERDICTS[verdict];
  return <Tag color={color}>{verdict === 'pending' ? taskDoing(task) : text}</Tag>;
}

export const languageName = (language: string) => LISTING_LANGUAGES[language as ListingLanguage] ?? language;

/**
 * Why a product × site cannot be listed (each failing 必须 rule and what to do), why it failed or
 * waits, and each 术语表 term not followed. Nothing for one that is ready and clean.
 */
export function TaskProblems({ task, jobId }: { task: LocaliseTask; jobId: number }) {
  const confirm = useConfirmRule();
  const required = failingRequired(task);
  const recommended = failingRecommended(task);
  const notes = keptTextNotes(task);
  const reason = reasonOf(task);
  const showReason = reason && (task.status === 'failed' || task.status === 'paused');
  if (
    !showReason &&
    required.length === 0 &&
    task.glossaryMisses.length === 0 &&
    recommended.length === 0 &&
    notes.length === 0
  )
    return task.status === 'done' ? <span className="muted">必须规则全部通过</span> : null;
  return (
    <ul className="plain-list localise-problems">
      {showReason ? (
        <li className={task.status === 'failed' ? 'localise-problem--failed' : 'muted'}>{reason}</li>
      ) : null}
      {required.map((rule) => (
        <li key={`${rule.place}-${rule.ruleId}`} className="localise-problem">
          <Tag color={rule.unsure ? 'warning' : 'error'}>{rule.unsure ? '无法判断' : '必须'}</Tag>
          <strong>{rule.place}</strong>：{rule.message}
          {rule.todo ? <div className="localise-problem__todo">怎么办：{rule.todo}</div> : null}
          {rule.unsure ? (
            // Only a check that could not tell is the seller's to confirm, and only after looking.
            <Button
              size="small"
              className="localise-problem__confirm"
              loading={confirm.isPending}
              aria-label={`我已核对${task.siteName}的${rule.place}`}
              onClick={() =>
                confirm.mutate({ jobId, taskId: task.id, ruleId: rule.ruleId, place: rule.place })
              }
            >
              我已核对
            </Button>
          ) : null}
        </li>
      ))}
      {task.glossaryMisses.map((miss) => (
        <li key={`${miss.place}-${miss.source}`} className="localise-problem">
          <Tag color="warning">术语表</Tag>
          {miss.place}：「{miss.source}」应写作「{miss.expected}」
        </li>
      ))}
      {notes.map((rule) => (
        <li key={`${rule.place}-${rule.ruleId}`} className="localise-problem">
          <Tag color="processing">核对</Tag>
          <strong>{rule.place}</strong>：{rule.message}
          {rule.todo ? <div className="localise-problem__todo">怎么办：{rule.todo}</div> : null}
        </li>
      ))}
      {recommended.length > 0 ? (
        <li className="muted">另有 {recommended.length} 条建议规则未通过（不影响上架）</li>
      ) : null}
    </ul>
  );
}

/**
 * A picture delivered as it came whose residual check failed: Chinese the translation could not read
 * (set at a slant), not a picture without any.
 */
const untranslatable = (task: LocaliseTask, index: number) =>
  task.rules.some((r) => r.ruleId === 'picture.residual' && r.place === `详情图 ${index}` && !r.pass);

/** Where to finish it by hand: the listing in Listing 工作台, the main image, each picture in the editor. */
export function TaskLinks({ task }: { task: LocaliseTask }) {
  if (task.listingId === null && task.mainImageUrl === null && task.pictures.length === 0) return null;
  return (
    <div className="localise-links">
      {task.listingId !== null ? (
        <Link to={paths.listing.getHref(task.listingId)}>
          <FileTextOutlined /> 打开 listing
        </Link>
      ) : null}
      {task.mainImageUrl ? (
        <a href={task.mainImageUrl} target="_blank" rel="noreferrer">
          <FileImageOutlined /> 主图
        </a>
      ) : null}
      {task.pictures.map((picture) =>
        picture.documentId !== null ? (
          <Link key={picture.index} to={paths.translate.getHref(picture.documentId)}>
            <PictureOutlined /> 详情图 {picture.index}
          </Link>
        ) : (
          <a key={picture.index} href={picture.url} target="_blank" rel="noreferrer">
            <PictureOutlined /> 详情图 {picture.index}
            {untranslatable(task, picture.index) ? '（没能翻译，原图）' : '（无中文）'}
          </a>
        ),
      )}
    </div>
  );
}

/** Every rule checked on the result, passed or not: the full report of one product × site. */
export function RuleList({ task }: { task: LocaliseTask }) {
  if (task.rules.length === 0) return <p className="muted">还没有检查结果</p>;
  return (
    <ul className="plain-list localise-rules">
      {task.rules.map((rule) => (
        <li key={`${rule.scope}-${rule.place}-${rule.ruleId}`}>
          <Tag color={rule.pass ? 'success' : rule.level === 'required' ? 'error' : 'warning'}>
            {rule.pass ? '通过' : '不通过'}
          </Tag>
          <span className="muted">{rule.level === 'required' ? '必须' : '建议'} · </span>
          {rule.place}：{rule.message}
          {!rule.pass && rule.todo ? <span className="muted">（{rule.todo}）</span> : null}
        </li>
      ))}
    </ul>
  );
}
