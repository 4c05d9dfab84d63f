import { ArrowRightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import './example-showcase.css';

/** One side of the example: a picture, or (for AI 绘画's description) a block of text. */
export type ExampleSide =
  | {
      label: string;
      image: string;
      alt: string;
      transparent?: boolean;
      /** Shown whole, not cropped to the square: a supplier picture's text runs to its edges. */
      whole?: boolean;
    }
  | { label: string; content: ReactNode };

function Side(props: { side: ExampleSide }) {
  const { side } = props;
  return (
    <figure className="example-showcase__side">
      {'image' in side ? (
        <img
          src={side.image}
          alt={side.alt}
          className={[
            'example-showcase__image',
            side.transparent ? 'is-transparent' : '',
            side.whole ? 'is-whole' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          width={280}
          height={280}
        />
      ) : (
        <div className="example-showcase__text">{side.content}</div>
      )}
      <figcaption className="muted">{side.label}</figcaption>
    </figure>
  );
}

/**
 * What a tool does, before the seller has used it: an example before and after, and a button that
 * tries it with the example (智能做图 runs it on a bundled photo, AI 绘画 fills the description).
 */
export function ExampleShowcase(props: {
  title: string;
  hint: ReactNode;
  before: ExampleSide;
  after: ExampleSide;
  action: string;
  onAction: () => void;
  loading?: boolean;
  /** A line under the button, e.g. that trying it uses one of today's uses. */
  note?: ReactNode;
}) {
  return (
    <section className="example-showcase" aria-label={props.title}>
      <p className="example-showcase__hint muted">{props.hint}</p>
      <div className="example-showcase__pair">
        <Side side={props.before} />
        <ArrowRightOutlined className="example-showcase__arrow" aria-hidden />
        <Side side={props.after} />
      </div>
      <Button type="primary" ghost size="large" loading={props.loading} onClick={props.onAction}>
        {props.action}
      </Button>
      {props.note ? <p className="example-showcase__note muted">{props.note}</p> : null}
    </section>
  );
}
