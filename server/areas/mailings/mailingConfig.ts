/** How the mailing sender runs; read from the environment with the rest of it (server/config.ts). */
export interface MailingConfig {
  /** Messages per second per bot (MAILING_RATE): under the Bot API's 30 per second by default. */
  rate: number;
  /** How long a claimed send may take before another process counts it as abandoned (MAILING_SEND_LEASE, seconds). */
  leaseSeconds: number;
}

export const DEFAULT_MAILING_RATE = 25;
export const DEFAULT_SEND_LEASE_SECONDS = 300;
