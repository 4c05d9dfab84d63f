import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';

export default function NotFoundScreen() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = '页面不存在 · 出海助手';
  }, []);
  return (
    <main className="standalone-page">
      <Result
        status="404"
        title="页面不存在"
        subTitle={`没有找到「${pathname}」，可能是链接写错了，或页面已经搬家。`}
        extra={
          <Link to={paths.home.getHref()}>
            <Button type="primary">回到首页</Button>
          </Link>
        }
      />
    </main>
  );
}
