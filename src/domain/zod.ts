import { z as zod } from 'zod';
import { problem, type ValidationKey } from './validationMessages';

/**
 * zod as the product uses it: code under src/ imports `z` from here, never from 'zod' itself
 * (ESLint says so), so that this configuration has run before the first parse in whichever chunk
 * the bundler puts the code (the build keeps this module's side effect: vite.config.ts). The
 * server loads it with src/domain.
 */

/**
 * The one error map: zod's own checks (a wrong type, a missing field, an unknown key) answer
 * with the message keys of the rules (./validation.ts); the rules' own issues carry their key already.
 */
const expectedKey: Record<string, ValidationKey> = {
  object: 'object',
  array: 'list',
  number: 'number',
  int: 'integer',
  boolean: 'boolean',
};
/**
 * The configured zod. A call whose result is used, not a statement: the bundler keeps it with
 * the first use of `z` (a bare `z.config()` beside a re-export was dropped as unused).
 */
function configured(): typeof zod {
  zod.config({
    // The page runs under a CSP without 'unsafe-eval': in the browser zod parses without
    // generated code (it would probe `new Function`, a reported violation).
    jitless: 'document' in globalThis,
    customError: (issue) => {
      if (issue.code === 'invalid_type') {
        return problem(issue.input === undefined ? 'required' : (expectedKey[issue.expected] ?? 'text')).key;
      }
      if (issue.code === 'unrecognized_keys') return problem('unknownField').key;
      if (issue.code === 'invalid_value' || issue.code === 'invalid_union') return problem('id').key;
      return undefined;
    },
  });
  return zod;
}

export const z = configured();

/** zod's types, under the same name as the configured value. */
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace z {
  type infer<T> = zod.infer<T>;
  type input<T> = zod.input<T>;
  type output<T> = zod.output<T>;
  type ZodType<Output = unknown, Input = unknown> = zod.ZodType<Output, Input>;
  type ZodRawShape = zod.ZodRawShape;
  type ZodObject<Shape extends zod.ZodRawShape = zod.ZodRawShape> = zod.ZodObject<Shape>;
  type ZodError<T = unknown> = zod.ZodError<T>;
  type RefinementCtx<T = unknown> = zod.RefinementCtx<T>;
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace core {
    type $ZodIssue = zod.core.$ZodIssue;
  }
}
