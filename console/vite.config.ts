// Built into dist/ and served by the service at /app/ (src/http/plugins/console.ts).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/app/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1024 },
  // `npm run dev -w console` against a service on :8080 (same-origin in the browser through the proxy).
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
