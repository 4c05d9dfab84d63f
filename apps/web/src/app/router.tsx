import type { ComponentType } from 'react';
import { createHashRouter } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { AppLayout } from '../components/layouts/app-layout';
import { RouteLoading } from '../components/ui/loading-overlay';
import { paths } from '../config/paths';
import { configureApiClient } from '../lib/api-client';
import { ensureAntd } from './antd-loader';
import HomeScreen from './routes/home';

type ScreenModule = { default: ComponentType };

/** A lazily loaded screen: its code (and antd, the first time) arrives when the route is first visited. */
const screen = (path: string, title: string, load: () => Promise<ScreenModule>) => ({
  path,
  handle: { title },
  lazy: async () => {
    const [module] = await Promise.all([load(), ensureAntd()]);
    return { Component: module.default };
  },
});

export const router = createHashRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    HydrateFallback: RouteLoading,
    children: [
      // In the entry, not lazy: the first visit paints the home screen without a second round trip.
      { index: true, Component: HomeScreen },
      screen(paths.login.path, paths.login.title, () => import('./routes/login')),
      screen(paths.register.path, paths.register.title, () => import('./routes/register')),
      screen(paths.draw.path, paths.draw.title, () => import('./routes/draw')),
      screen(paths.question.path, paths.question.title, () => import('./routes/question')),
      screen(paths.listing.path, paths.listing.title, () => import('./routes/listing')),
      screen(paths.localise.path, paths.localise.title, () => import('./routes/localise')),
      screen(
        paths.questionHistory.path,
        paths.questionHistory.title,
        () => import('./routes/question-history'),
      ),
      screen(paths.price.path, paths.price.title, () => import('./routes/price')),
      screen(paths.profile.path, paths.profile.title, () => import('./routes/profile')),
      screen(paths.changePwd.path, paths.changePwd.title, () => import('./routes/change-password')),
      screen(paths.forgetPwd.path, paths.forgetPwd.title, () => import('./routes/change-password')),
      screen(paths.pay.path, paths.pay.title, () => import('./routes/pay')),
      screen(paths.intro.path, paths.intro.title, () => import('./routes/intro')),
      screen(paths.about.path, paths.about.title, () => import('./routes/about')),
      screen(paths.contact.path, paths.contact.title, () => import('./routes/contact')),
      screen(paths.invitat.path, paths.invitat.title, () => import('./routes/invitat')),
      screen(paths.background.path, paths.background.title, () => import('./routes/background')),
      screen(paths.translate.path, paths.translate.title, () => import('./routes/translate')),
      screen(paths.image.path, paths.image.title, () => import('./routes/image')),
      screen(paths.batch.path, paths.batch.title, () => import('./routes/batch')),
    ],
  },
  // 运营后台 has its own frame (menu, bar, no seller navigation or footer): outside the seller layout.
  {
    ...screen(paths.admin.path, paths.admin.title, () => import('./routes/admin')),
    errorElement: <RouteError />,
    HydrateFallback: RouteLoading,
  },
  {
    ...screen(paths.privacy.path, paths.privacy.title, () => import('./routes/privacy')),
    errorElement: <RouteError />,
    HydrateFallback: RouteLoading,
  },
  {
    ...screen(paths.terms.path, paths.terms.title, () => import('./routes/terms')),
    errorElement: <RouteError />,
    HydrateFallback: RouteLoading,
  },
  {
    ...screen('*', '页面不存在', () => import('./routes/not-found')),
    errorElement: <RouteError />,
    HydrateFallback: RouteLoading,
  },
]);

/** The API client sends a signed-out user to 登录 and back to where they were afterwards. */
export function connectRouter(): void {
  configureApiClient({
    redirectToLogin: () => {
      const { pathname, search } = router.state.location;
      if (pathname === paths.login.path) return;
      void router.navigate(paths.login.getHref({ redirect: pathname + search }), { replace: true });
    },
    currentPath: () => router.state.location.pathname,
  });
}
