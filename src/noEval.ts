import { z } from 'zod';

/**
 * The page runs under a CSP without 'unsafe-eval'. zod compiles its object parsers with
 * `new Function` when it may, probing for it on first use, which the browser reports as a
 * CSP violation; jitless mode parses without generated code.
 */
z.config({ jitless: true });
