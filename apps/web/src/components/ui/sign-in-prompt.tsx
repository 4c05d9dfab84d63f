import { LoginOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';

/** A button to the login screen that comes back to this page (with its query) once signed in. */
export function SignInButton(props: { label: string; size?: ButtonProps['size']; block?: boolean }) {
  const location = useLocation();
  return (
    <Link to={paths.login.getHref({ redirect: location.pathname + location.search })}>
      <Button type="primary" size={props.size} block={props.block}>
        {props.label}
      </Button>
    </Link>
  );
}

/** What a page that needs an account shows to a signed-out visitor: why, and the way in. */
export function SignedOutNotice(props: { title: string; icon?: ReactNode }) {
  return (
    <Result
      icon={props.icon ?? <LoginOutlined />}
      title={props.title}
      extra={<SignInButton label="去登录" />}
    />
  );
}
