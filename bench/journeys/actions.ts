/**
 * What a user does in a journey, counted as they do it: every click, every field filled and
 * every key pressed goes through one of these methods, so the count cannot drift from the steps.
 * The clock starts at the first action and stops when the journey calls `done()` once its goal
 * is visibly reached. Waiting for the screen (looking) is no action; scrolling is left to the
 * browser and not counted.
 */

/** Anything that can be clicked: a Playwright locator. */
export interface Clickable {
  click(): Promise<void>;
}

/** Anything that takes text: a Playwright locator of an input. */
export interface Fillable {
  fill(value: string): Promise<void>;
}

/** Anything a key can be pressed on: a locator, or the page's keyboard. */
export interface Pressable {
  press(key: string): Promise<void>;
}

/** One journey's figures. */
export interface JourneyFigures {
  clicks: number;
  /** Fields filled and keys pressed. */
  entries: number;
  /** Clicks and entries together. */
  actions: number;
  /** From the first action to the goal. */
  seconds: number;
}

export class UserActions {
  private clicks = 0;
  private entries = 0;
  private startedAt: number | undefined;
  private figures: JourneyFigures | undefined;

  /** `now` in milliseconds; the bench leaves it to performance.now, the unit test brings its own clock. */
  constructor(private readonly now: () => number = () => performance.now()) {}

  /** One click (a button, a link, a switch, an option of a list). */
  async click(target: Clickable): Promise<void> {
    this.begin();
    this.clicks += 1;
    await target.click();
  }

  /** One field typed into (the whole value counts once, as a user types it in one go). */
  async fill(target: Fillable, value: string): Promise<void> {
    this.begin();
    this.entries += 1;
    await target.fill(value);
  }

  /** One key pressed (Enter, Escape...). */
  async press(target: Pressable, key: string): Promise<void> {
    this.begin();
    this.entries += 1;
    await target.press(key);
  }

  /** The goal is visibly reached: stops the clock and answers the figures (the same on a second call). */
  done(): JourneyFigures {
    if (this.figures) return this.figures;
    if (this.startedAt === undefined) throw new Error('The journey ended before its first action');
    this.figures = {
      clicks: this.clicks,
      entries: this.entries,
      actions: this.clicks + this.entries,
      seconds: (this.now() - this.startedAt) / 1000,
    };
    return this.figures;
  }

  private begin(): void {
    if (this.figures) throw new Error('An action after the journey was done');
    this.startedAt ??= this.now();
  }
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('No values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
