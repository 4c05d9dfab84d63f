import { ExampleShowcase, type ExampleSide } from '../../../components/ui/example-showcase';
import { useAuthStore } from '../../../stores/auth-store';
import { EXAMPLE_IMAGES } from '../api/example-photo';

/**
 * The bundled pictures as the example cards show them: 抠图 and 换背景 start from the same photo,
 * 图片翻译 from a supplier's picture. The captions say what scripts/make-examples.ts and
 * make-translate-example.ts made: 换背景's is the library scene EXAMPLE_BACKGROUND_ID names.
 */
export const EXAMPLE_SIDES = {
  photo: { label: '原图', image: EXAMPLE_IMAGES.before, alt: '示例原图' },
  cutout: { label: '透明底抠图', image: EXAMPLE_IMAGES.cutout, alt: '示例透明底', transparent: true },
  replaced: { label: '换到「窗边光影」背景', image: EXAMPLE_IMAGES.replaced, alt: '示例换背景效果' },
  supplier: {
    label: '供应商原图',
    image: EXAMPLE_IMAGES.supplierBefore,
    alt: '示例原图（中文卖点）',
    whole: true,
  },
  translated: {
    label: '翻译成英语',
    image: EXAMPLE_IMAGES.supplierAfter,
    alt: '示例译图（英文卖点）',
    whole: true,
  },
} satisfies Record<string, ExampleSide>;

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
