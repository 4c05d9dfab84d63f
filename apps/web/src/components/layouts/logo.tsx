import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to={paths.home.getHref()} className="logo" aria-label="出海助手首页" onClick={onNavigate}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="logo__text">出海助手</span>
    </Link>
  );
}
