/**
 * The fake Bot API (tests/support/fakeBotApi.ts) in a process of its own, for the mailing bench:
 * the bench's memory is then the sender's and its database's alone. It answers every call after
 * the delay given as its first argument, tells its parent its URL, and on 'report' sends back
 * the time of each sendMessage and how many chats got more than one.
 */
import { startFakeBotApi } from '../tests/support/fakeBotApi';

export interface FakeBotApiReport {
  times: number[];
  chats: number;
  duplicates: number;
}

async function main(): Promise<void> {
  const fake = await startFakeBotApi();
  fake.setDelay(Number(process.argv[2] || 0));
  process.on('message', (message) => {
    if (message === 'report') {
      const sends = fake.callsOf('sendMessage');
      const perChat = new Map<string, number>();
      for (const call of sends) perChat.set(String(call.params.chat_id), (perChat.get(String(call.params.chat_id)) ?? 0) + 1);
      const report: FakeBotApiReport = {
        times: sends.map((call) => call.at),
        chats: perChat.size,
        duplicates: [...perChat.values()].filter((n) => n > 1).length,
      };
      process.send?.(report);
      fake.calls.length = 0;
    } else if (message === 'close') {
      void fake.close().then(() => process.exit(0));
    }
  });
  process.send?.({ url: fake.url });
}

void main();
