import { ConfigError } from '../config';

/** How the mailing sender runs, from the environment (read by server/main.ts). */
export interface MailingConfig {
  /** Messages per second per bot (MAILING_RATE): under the Bot API's 30 per second by default. */
  rate: number;
  /** How long a claimed send may take before another process counts it as abandoned (MAILING_SEND_LEASE, seconds). */
  leaseSeconds: number;
}

export const DEFAULT_MAILING_RATE = 25;
export const DEFAULT_SEND_LEASE_SECONDS = 300;

const positive = (env: NodeJS.ProcessEnv, name: string, fallback: number, max: number, problems: string[]): number => {
  const given = env[name];
  if (given === undefined || given.trim() === '') return fallback;
  const value = Number(given);
  if (!/^\d+(\.\d+)?$/.test(given.trim()) || !(value > 0) || value > max) {
    problems.push(`  ${name} must be a number above 0 and at most ${max} (got "${given}")`);
    return fallback;
  }
  return value;
};

export function readMailingConfig(env: NodeJS.ProcessEnv = process.env): MailingConfig {
  const problems: string[] = [];
  const config = {
    rate: positive(env, 'MAILING_RATE', DEFAULT_MAILING_RATE, 10_000, problems),
    leaseSeconds: positive(env, 'MAILING_SEND_LEASE', DEFAULT_SEND_LEASE_SECONDS, 86_400, problems),
  };
  if (problems.length > 0) throw new ConfigError(`The environment is not valid:\n${problems.join('\n')}`);
  return config;
}
