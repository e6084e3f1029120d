// `npm start`: build whatever is not built yet, then run the server (API + built web app).
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../apps/server/dist/server.js');
