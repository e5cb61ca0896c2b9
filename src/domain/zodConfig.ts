import type { z } from 'zod';
import { problem, type ValidationKey } from './validationMessages';

/** zod's own checks by the key of the rule they stand for. */
const expectedKey: Record<string, ValidationKey> = {
  object: 'object',
  array: 'list',
  number: 'number',
  int: 'integer',
  boolean: 'boolean',
};

/**
 * zod's configuration, for the server and the browser alike. The error map: zod's own checks (a
 * wrong type, a missing field, an unknown key) answer with the message keys of the validation
 * rules (./validation.ts); the rules' own issues carry their key already. In the browser, whose
 * CSP has no 'unsafe-eval', zod parses without generated code (it would probe `new Function`, a
 * reported violation).
 */
export const zodConfig: z.core.$ZodConfig = {
  jitless: 'document' in globalThis,
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      return problem(issue.input === undefined ? 'required' : (expectedKey[issue.expected] ?? 'text')).key;
    }
    if (issue.code === 'unrecognized_keys') return problem('unknownField').key;
    if (issue.code === 'invalid_value' || issue.code === 'invalid_union') return problem('id').key;
    return undefined;
  },
};
