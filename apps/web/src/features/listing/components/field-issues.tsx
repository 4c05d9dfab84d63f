import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { ListingIssue } from '@chuhai/contract';

/** The rules a field breaks, right under it: 必须 in red, 建议 in amber; a quiet tick when none. */
export function FieldIssues({ issues }: { issues: ListingIssue[] }) {
  if (issues.length === 0)
    return (
      <p className="listing-issues listing-issues--ok">
        <CheckCircleFilled /> 符合规则
      </p>
    );
  return (
    <ul className="listing-issues">
      {issues.map((issue) => (
        <li
          key={`${issue.ruleId}-${issue.index ?? ''}`}
          className={`listing-issue listing-issue--${issue.level}`}
        >
          {issue.level === 'required' ? <CloseCircleFilled /> : <ExclamationCircleFilled />}
          <span className="listing-issue__level">{issue.level === 'required' ? '必须' : '建议'}</span>
          {issue.message}
        </li>
      ))}
    </ul>
  );
}
