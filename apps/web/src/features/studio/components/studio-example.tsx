import { ExampleShowcase, type ExampleSide } from '../../../components/ui/example-showcase';
import { useAuthStore } from '../../../stores/auth-store';

/**
 * A 智能做图 tool's example, before the seller has used it: the bundled photo before and after, and
 * 用示例图片试试, which runs the tool on it. Trying it is a real run, so it counts like one: the
 * line under the button says so, or that signing in comes first.
 */
export function StudioExample(props: {
  title: string;
  hint: string;
  before: ExampleSide;
  after: ExampleSide;
  /** What the tool does, as the use it counts: 抠图, 换背景, 翻译. */
  use: string;
  onTry: () => void;
  loading: boolean;
}) {
  const signedIn = useAuthStore((s) => s.token !== null);
  return (
    <ExampleShowcase
      title={props.title}
      hint={props.hint}
      before={props.before}
      after={props.after}
      action="用示例图片试试"
      onAction={props.onTry}
      loading={props.loading}
      note={signedIn ? `用示例图片${props.use}同样计 1 次` : '登录后即可试用'}
    />
  );
}
