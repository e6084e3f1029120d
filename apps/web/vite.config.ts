import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@tb/core': fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  // No source maps in the build: the server would serve them to anyone (the original sources,
  // comments included) and nothing here reads them; `npm run dev` has maps for debugging.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 400 },
});
