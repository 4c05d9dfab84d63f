/// <reference types="vite/client" />

/** ISO time of the build, injected by vite.config.ts; sent as the BuildTime header. */
declare const __BUILD_TIME__: string;
