import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initTheme } from '../stores/theme-store';
import '../styles/tokens.css';
import '../styles/global.css';
import '../styles/controls.css';
import { queueEarlyNotices } from './antd-loader';
import { AppProvider } from './provider';
import { connectRouter, router } from './router';

initTheme();
queueEarlyNotices();
connectRouter();

const root = document.getElementById('app');
if (!root) throw new Error('缺少挂载点 #app');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
