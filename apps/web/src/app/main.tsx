import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initTheme } from '../stores/theme-store';
import '../styles/global.css';
import '../styles/account.css';
import '../styles/chat.css';
import '../styles/invite.css';
import '../styles/order.css';
import '../styles/draw.css';
import '../styles/studio.css';
import { AppProvider } from './provider';
import { router } from './router';

initTheme();

const root = document.getElementById('app');
if (!root) throw new Error('缺少挂载点 #app');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
