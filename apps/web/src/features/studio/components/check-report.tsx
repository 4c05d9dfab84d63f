import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { MainImageReport, MainImageRule } from '@chuhai/contract';
import type { ReactNode } from 'react';
import '../studio.css';
import '../main-image.css';

/**
 * The main-image check against one marketplace: each rule, passed or not, with what was measured
 * and what to do. A broken requirement is red; a recommendation not met is amber and marked 建议.
 * `ruleAction` puts what the seller can do about a rule (a button, their choice) under its row.
 */
export function CheckReport(props: {
  report: MainImageReport;
  title: string;
  ruleAction?: (rule: MainImageRule) => ReactNode;
}) {
  const failed = props.report.rules.filter((rule) => !rule.pass && rule.level === 'required').length;
  const advised = props.report.rules.filter((rule) => !rule.pass && rule.level === 'recommended').length;
  const summary = props.report.pass
    ? advised > 0
      ? `符合要求，${advised} 项建议`
      : '全部符合'
    : `${failed} 项不符合`;
  return (
    <section className="studio-report" aria-label={props.title}>
      <header>
        <strong>{props.title}</strong>
        <span className={props.report.pass ? 'studio-pass' : 'studio-fail'}>{summary}</span>
      </header>
      <ul>
        {props.report.rules.map((rule) => {
          const action = props.ruleAction?.(rule);
          return (
            <li key={rule.key} data-pass={rule.pass}>
              {rule.pass ? (
                <CheckCircleFilled className="studio-pass" aria-label="符合" />
              ) : rule.level === 'recommended' ? (
                <ExclamationCircleFilled className="studio-advice" aria-label="建议" />
              ) : (
                <CloseCircleFilled className="studio-fail" aria-label="不符合" />
              )}
              <span className="studio-report__line">
                <span className="studio-report__label">
                  {rule.label}
                  {rule.level === 'recommended' ? <span className="muted">（建议）</span> : null}
                </span>
                <span className="studio-report__measured">{rule.measured}</span>
              </span>
              {rule.advice ? <span className="studio-report__advice">{rule.advice}</span> : null}
              {action ? <span className="studio-report__action">{action}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
