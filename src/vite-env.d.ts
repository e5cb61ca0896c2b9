/// <reference types="vite/client" />

/** The version in package.json at build time. */
declare const __APP_VERSION__: string;
