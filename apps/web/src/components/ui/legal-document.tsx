import { Button } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { site } from '../../config/site';

/**
 * 用户协议 and 隐私政策: a page outside the shared layout (spec section 2) with the document's title,
 * its date, the text, and a way back home.
 */
export function LegalDocument(props: {
  title: string;
  heading: string;
  updatedAt: string;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${props.title} · 出海助手`;
  }, [props.title]);
  return (
    <main className="standalone-page">
      <article className="prose prose--document">
        <h1>
          {site.companyName}
          {props.heading}
        </h1>
        <p className="muted">更新日期：{props.updatedAt}</p>
        {props.children}
        <Link to={paths.home.getHref()}>
          <Button type="primary">返回首页</Button>
        </Link>
      </article>
    </main>
  );
}
