import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** One stamp per build: the client sends it as BuildTime, the server compares it with what it serves. */
const BUILD_TIME = new Date().toISOString();

const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;

/** Brotli and gzip copies of each text asset, served by @fastify/static's preCompressed option. */
function precompress(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

/** Writes dist/build.json, which the server reads to know which build it is serving, and compresses. */
function buildStamp(): Plugin {
  let outDir = 'dist';
  return {
    name: 'chuhai-build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      writeFileSync(path.join(outDir, 'build.json'), JSON.stringify({ buildTime: BUILD_TIME }));
      precompress(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), buildStamp()],
  define: { __BUILD_TIME__: JSON.stringify(BUILD_TIME) },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/product.json': 'http://localhost:3000',
      '/files': 'http://localhost:3000',
      '/backgrounds': 'http://localhost:3000',
    },
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 1200 },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Vitest's default 5 s per test was reached on a busy CI machine by a test that takes 0.9 s on a
    // quiet one (「我的 listing › names the product…」: 5.7 s). The slowest test measured with one of
    // two cores kept busy takes 2.2 s (pay screen); 60 s catches a hang, never a slow machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
