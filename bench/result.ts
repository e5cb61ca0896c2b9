/** One figure a bench reports, beside its reference or limit. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** The most the value may be. */
  target?: number;
  /** Decimals to print; one by default. */
  digits?: number;
}
