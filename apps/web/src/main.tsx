// First: it configures Zod before any other module builds a schema.
import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { preloadPage } from '@/app/routes/lazy-pages';
import { checkStoredSession } from '@/features/auth';
import { startEarlyRequests } from '@/lib/early-requests';
import { readSession, sessionLooksValid } from '@/lib/session';
import './styles/tokens.css';
import './styles/base.css';

const queryClient = createQueryClient();
const now = new Date();
// The page's code and data are asked for now, all at once, before the first render (the data
// before the session check, whose GET /api/users/me is one of them on the dashboard).
const session = readSession();
const signedIn = session !== null && sessionLooksValid(session, now);
if (signedIn) startEarlyRequests(window.location.pathname, session.token);
preloadPage(window.location.pathname, queryClient);
checkStoredSession(queryClient, now);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
