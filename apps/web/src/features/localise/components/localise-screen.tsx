import { GlobalOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { SignInButton } from '../../../components/ui/sign-in-prompt';
import { useAuthStore } from '../../../stores/auth-store';
import { LocaliseJobView } from './job-view';
import { LocaliseForm } from './localise-form';
import { RecentJobs, RecentJobsJump } from './recent-jobs';
import '../localise.css';

/** What the right side says before a job is open. */
function Intro() {
  return (
    <section className="tool-column__card localise-intro muted" aria-label="说明">
      <GlobalOutlined className="localise-intro__icon" />
      <p>每个商品 × 每个站点，一次做好并检查：</p>
      <ol>
        <li>按站点语言和术语表写 listing，不通过的字段一键修正一次；</li>
        <li>按平台主图规则做白底主图；</li>
        <li>每张详情图上的中文翻译成站点语言；</li>
        <li>复查所有必须规则：全部通过才标「可以上架」，否则写明哪条规则、怎么改。</li>
      </ol>
      <p>
        结果打成一个 ZIP（每个商品、每个站点一个文件夹，附报告），也可以在 Listing 工作台和图片翻译里接着改。
      </p>
    </section>
  );
}

/** 一键出海: a new job on the left; the open job (named in the address, `?job=ID`) on the right. */
export function LocaliseScreen() {
  const signedIn = useAuthStore((s) => s.token !== null);
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job')) || null;

  return (
    <div className={jobId ? 'tool-page localise-page job-page--open' : 'tool-page localise-page'}>
      {signedIn && !jobId && <RecentJobsJump />}
      {signedIn ? (
        <LocaliseForm
          onStarted={(id) => {
            setParams({ job: String(id) });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      ) : (
        <section className="tool-panel localise-form">
          <h1>一键出海</h1>
          <p className="muted">
            一个商品或一整个目录，一次做好每个站点的 listing、主图和详情图，并逐条检查平台规则。
          </p>
          <SignInButton label="登录后使用" size="large" block />
        </section>
      )}
      <div className="tool-column">
        {jobId && signedIn ? <LocaliseJobView id={jobId} /> : <Intro />}
        {signedIn && !jobId && <RecentJobs />}
      </div>
    </div>
  );
}
