import { isNewVersion } from '../domain';

/** Remembers the newest version a server announced that differs from this build's. */
let announced: string | null = null;
const listeners = new Set<() => void>();

export const buildVersion: string = __APP_VERSION__;

export const noteServerVersion = (version: string | null): void => {
  if (!isNewVersion(buildVersion, version) || version === announced) return;
  announced = version;
  listeners.forEach((listener) => listener());
};

export const newVersionAnnounced = (): string | null => announced;

export const subscribeToVersion = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** For tests: forget what was announced. */
export const resetVersionNotice = (): void => {
  announced = null;
};
