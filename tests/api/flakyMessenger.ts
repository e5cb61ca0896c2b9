import type { MessengerGateway, OutgoingMessage } from '../../server/messenger/gateway';

/** A hold on one send: it waits until it is let go, to send or to fail. */
export interface Stall {
  /** Resolves when the send has started waiting. */
  reached: Promise<void>;
  pass(): void;
  fail(error: Error): void;
}

/** A messenger around a real one whose sends can be made to fail or to hang. */
export interface FlakyMessenger extends MessengerGateway {
  /** The next `times` sends throw `error` instead of sending. */
  failNext(error: Error, times?: number): void;
  /** The next send hangs (a worker that died mid-delivery, a slow messenger) until the stall is let go. */
  stallNext(): Stall;
  /** Lets every stalled send fail: after a failed test, so that its workers can stop. */
  failStalled(error: Error): void;
  /** The sends that reached the real messenger. */
  readonly sent: OutgoingMessage[];
}

type Fault = () => Promise<void>;

export function flakyMessenger(inner: MessengerGateway): FlakyMessenger {
  const faults: Fault[] = [];
  const sent: OutgoingMessage[] = [];
  const stalls = new Set<Stall>();
  return {
    sent,
    failNext(error, times = 1) {
      for (let i = 0; i < times; i++) faults.push(() => Promise.reject(error));
    },
    stallNext() {
      let started = () => {};
      let pass = () => {};
      let fail: (error: Error) => void = () => {};
      const reached = new Promise<void>((resolve) => (started = resolve));
      const released = new Promise<void>((resolve, reject) => {
        pass = resolve;
        fail = reject;
      });
      // A stall failed before any send reached it must not be an unhandled rejection.
      released.catch(() => undefined);
      faults.push(() => {
        started();
        return released;
      });
      const stall: Stall = {
        reached,
        pass: () => {
          stalls.delete(stall);
          pass();
        },
        fail: (error) => {
          stalls.delete(stall);
          fail(error);
        },
      };
      stalls.add(stall);
      return stall;
    },
    failStalled(error) {
      for (const stall of stalls) stall.fail(error);
    },
    async sendMessage(message) {
      const fault = faults.shift();
      if (fault) await fault();
      const result = await inner.sendMessage(message);
      sent.push(message);
      return result;
    },
    storePhoto: (photo) => inner.storePhoto(photo),
    getPhoto: (fileId) => inner.getPhoto(fileId),
    deleteMessage: (message) => inner.deleteMessage(message),
    storeVideo: (video) => inner.storeVideo(video),
    getVideo: (fileId) => inner.getVideo(fileId),
    missingFiles: (fileIds) => inner.missingFiles(fileIds),
  };
}
