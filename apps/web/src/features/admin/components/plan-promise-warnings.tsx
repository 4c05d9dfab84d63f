import { type BenefitProblem, checkBenefit, type DailyLimits, type SiteOffer } from '@chuhai/contract';
import { Alert, Tag, Tooltip } from 'antd';
import { useDailyLimits } from '../../../entities/plans/get-limits';
import { useSiteOffer } from '../../../entities/plans/get-offer';

/** What the operator can do about each kind of untrue promise (the console may name settings). */
const FIXES: Record<BenefitProblem['kind'], string> = {
  off: '在「渠道」里启用对应的服务，或删掉这一句',
  advanced: '在服务器上设置 LLM_MODEL_ADVANCED（并有启用的对话渠道）后重启，或删掉这一句',
  count: '改成现在的次数，或在下方「每日次数」里改 VIP 次数',
  unlimited: '写出具体的每日次数',
};

/** Each benefit's untrue clauses, judged as `/product.json` judges them for sellers. */
export function benefitProblems(
  benefits: string[],
  offer: SiteOffer | undefined,
  limits: DailyLimits | undefined,
): BenefitProblem[] {
  if (!offer || !limits) return [];
  return benefits.flatMap((line) => checkBenefit(line, offer, limits).problems);
}

function usePromiseContext() {
  return { offer: useSiteOffer().data, limits: useDailyLimits().data };
}

/** The plan editor's live warning: which clauses sellers will not see, why, and what to do. */
export function BenefitWarnings({ benefits }: { benefits: string[] }) {
  const { offer, limits } = usePromiseContext();
  const problems = benefitProblems(benefits, offer, limits);
  if (problems.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="plan-promise-warnings"
      title="以下权益本站现在做不到，卖家不会看到"
      description={
        <ul>
          {problems.map((p) => (
            <li key={`${p.clause}-${p.reason}`}>
              「{p.clause}」：{p.reason}。{FIXES[p.kind]}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** The plans table's mark: how many clauses of a plan sellers do not see, the reasons on hover. */
export function BenefitWarningTag({ benefits }: { benefits: string[] }) {
  const { offer, limits } = usePromiseContext();
  const problems = benefitProblems(benefits, offer, limits);
  if (problems.length === 0) return null;
  const clauses = new Set(problems.map((p) => p.clause));
  return (
    <Tooltip title={problems.map((p) => `「${p.clause}」：${p.reason}`).join('；')}>
      <Tag color="warning">{clauses.size} 句不显示</Tag>
    </Tooltip>
  );
}
