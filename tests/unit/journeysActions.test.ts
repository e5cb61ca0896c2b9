import { describe, expect, it } from 'vitest';
import { median, UserActions } from '../../bench/journeys/actions';

/** A stand-in for a Playwright locator that records what was done to it, and a clock moved by hand. */
function fakes() {
  const done: string[] = [];
  let now = 1000;
  const target = {
    click: async () => {
      done.push('click');
    },
    fill: async (value: string) => {
      done.push(`fill ${value}`);
    },
    press: async (key: string) => {
      done.push(`press ${key}`);
    },
  };
  return { done, target, clock: () => now, advance: (ms: number) => (now += ms) };
}

describe('the journeys bench counts what the user does', () => {
  it('counts each click, each field filled and each key pressed, and passes each on', async () => {
    const { done, target, clock } = fakes();
    const act = new UserActions(clock);
    await act.click(target);
    await act.fill(target, 'Porto');
    await act.click(target);
    await act.press(target, 'Enter');
    expect(done).toEqual(['click', 'fill Porto', 'click', 'press Enter']);
    expect(act.done()).toMatchObject({ clicks: 2, entries: 2, actions: 4 });
  });

  it('times from the first action to the goal, not from when the journey was set up', async () => {
    const { target, clock, advance } = fakes();
    const act = new UserActions(clock);
    advance(5000); // the login and the start screen loading
    await act.click(target);
    advance(1500);
    await act.fill(target, 'text');
    advance(500);
    expect(act.done().seconds).toBe(2);
    advance(3000);
    // Asked again, the figures stay those of the goal.
    expect(act.done().seconds).toBe(2);
  });

  it('counts an action whose target fails, and refuses a journey with no action or an action after the goal', async () => {
    const { target, clock } = fakes();
    const act = new UserActions(clock);
    expect(() => act.done()).toThrow('before its first action');
    const broken = {
      click: async () => {
        throw new Error('not clickable');
      },
    };
    await expect(act.click(broken)).rejects.toThrow('not clickable');
    expect(act.done()).toMatchObject({ clicks: 1, actions: 1 });
    await expect(act.click(target)).rejects.toThrow('after the journey was done');
  });

  it('takes the median of the runs', () => {
    expect(median([32.5, 7.1, 48.2])).toBe(32.5);
    expect(median([4, 2, 8, 6])).toBe(5);
    expect(() => median([])).toThrow();
  });
});
