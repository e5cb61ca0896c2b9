import { config } from 'zod/v4/core';
import { zodConfig } from './domain/zodConfig';

/**
 * zod configured before any screen's module makes a schema (zod probes for generated code, which
 * the page's CSP refuses, when a schema is made). src/main.tsx imports this first and checks the
 * answer: a configuration nobody reads would be dropped by the bundler, which takes calls into
 * zod for free of side effects. Only zod's small core comes with it; the schemas load with the
 * screens.
 */
export const zodSettings = config(zodConfig);
