import { PRODUCT_NAME } from '@chuhai/contract';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { FOOTERLESS_PATHS } from '../../config/paths';
import { AnnouncementBar } from '../../entities/announcements/announcement-bar';
import { NavBar } from './nav-bar';
import { SiteFooter } from './site-footer';

interface RouteHandle {
  title?: string;
}

/** Sets the document title from the deepest route that has one. */
function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  useEffect(() => {
    document.title = title?.title
      ? `${title.title} · ${PRODUCT_NAME}`
      : `${PRODUCT_NAME} · 跨境卖家的 AI 工具站`;
  }, [title]);
}

/** The shared layout: top bar, the screen, and the footer except on question, draw and invitat. */
export function AppLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  useDocumentTitle();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new screen starts at the top
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  const showFooter = !FOOTERLESS_PATHS.includes(pathname);

  return (
    <div className="app-layout">
      {navigation.state === 'loading' ? <div className="route-progress" aria-hidden="true" /> : null}
      <NavBar />
      <AnnouncementBar />
      <main className="app-layout__main">
        <Outlet />
      </main>
      {showFooter ? <SiteFooter /> : null}
    </div>
  );
}
