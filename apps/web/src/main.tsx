import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { checkStoredSession } from '@/features/auth';
import './styles/tokens.css';
import './styles/base.css';

const queryClient = createQueryClient();
checkStoredSession(queryClient, new Date());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
