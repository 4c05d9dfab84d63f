import type { ReactNode } from 'react';

/** The frame every screen shares: a title, an optional lead line and actions, then the content. */
export function PageFrame(props: {
  title: string;
  lead?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`page-frame${props.wide ? ' page-frame--wide' : ''}`}>
      <header className="page-frame__header">
        <div>
          <h1 className="page-frame__title">{props.title}</h1>
          {props.lead ? <p className="page-frame__lead">{props.lead}</p> : null}
        </div>
        {props.extra ? <div className="page-frame__extra">{props.extra}</div> : null}
      </header>
      {props.children}
    </div>
  );
}
