import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { MainImageReport } from '@chuhai/contract';
import '../studio.css';

/** The main-image check: each Amazon rule, passed or not, with what was measured and what to do. */
export function CheckReport(props: { report: MainImageReport; title: string }) {
  const failed = props.report.rules.filter((rule) => !rule.pass).length;
  return (
    <section className="studio-report" aria-label={props.title}>
      <header>
        <strong>{props.title}</strong>
        <span className={props.report.pass ? 'studio-pass' : 'studio-fail'}>
          {props.report.pass ? '全部符合' : `${failed} 项不符合`}
        </span>
      </header>
      <ul>
        {props.report.rules.map((rule) => (
          <li key={rule.key} data-pass={rule.pass}>
            {rule.pass ? (
              <CheckCircleFilled className="studio-pass" aria-label="符合" />
            ) : (
              <CloseCircleFilled className="studio-fail" aria-label="不符合" />
            )}
            <span className="studio-report__label">{rule.label}</span>
            <span className="studio-report__measured">{rule.measured}</span>
            {rule.advice ? <span className="studio-report__advice">{rule.advice}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
