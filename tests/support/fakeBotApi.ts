import multipart from '@fastify/multipart';
import Fastify from 'fastify';

/**
 * A stand-in for the Telegram Bot API on 127.0.0.1, for tests and benchmarks: it answers the
 * methods the gateway calls as the Bot API does (JSON or multipart uploads), records every call,
 * and can be told to refuse (429 with retry_after, 403, 400, 500) or to be slow.
 */
export interface BotApiCall {
  token: string;
  method: string;
  /** The call's fields, JSON values decoded (`reply_markup`, `media`). */
  params: Record<string, unknown>;
  /** The uploaded files by their part name, with their size. */
  uploads: Record<string, number>;
  at: number;
}

export interface BotApiFault {
  status: 400 | 403 | 413 | 429 | 500 | 502;
  description?: string;
  retryAfter?: number;
  /** Answered as it is instead of the Bot API's error: what a proxy or another server in front says. */
  body?: string | Record<string, unknown>;
}

export interface FakeBotApi {
  /** The apiRoot to give the gateway. */
  url: string;
  calls: BotApiCall[];
  /** The calls of one method (and chat). */
  callsOf(method: string, chatId?: string): BotApiCall[];
  /** The next `times` calls of `method` ('*': any) answer with the fault. */
  fail(method: string, fault: BotApiFault, times?: number): void;
  /** Every call waits this long before it answers (0: not at all). */
  setDelay(ms: number): void;
  /** A file the messenger keeps, for getFile and its download. */
  addFile(fileId: string, data: Buffer, path: string): void;
  close(): Promise<void>;
}

const DESCRIPTIONS: Record<BotApiFault['status'], string> = {
  400: 'Bad Request: chat not found',
  413: 'Request Entity Too Large',
  403: 'Forbidden: bot was blocked by the user',
  429: 'Too Many Requests: retry after 1',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
};

const decode = (value: unknown): unknown => {
  if (typeof value !== 'string' || !/^[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

export async function startFakeBotApi(): Promise<FakeBotApi> {
  const app = Fastify({ logger: false, bodyLimit: 60 * 1024 * 1024 });
  await app.register(multipart, { limits: { fileSize: 60 * 1024 * 1024 } });
  const calls: BotApiCall[] = [];
  const faults: { method: string; fault: BotApiFault }[] = [];
  const files = new Map<string, { data: Buffer; path: string }>();
  const sentMessages = new Set<string>();
  let delay = 0;
  let nextMessageId = 1;
  let nextFileId = 1;

  const message = (chatId: unknown, extra: Record<string, unknown>) => {
    const id = nextMessageId++;
    sentMessages.add(`${String(chatId)}:${id}`);
    return { message_id: id, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId) || 0, type: 'private' }, ...extra };
  };
  /** A sent photo or video: an uploaded file gets a new file id, a file id is sent back as it came. */
  const fileOf = (media: unknown, uploads: Record<string, number>) => {
    const ref = typeof media === 'string' ? media : '';
    const attached = ref.startsWith('attach://') ? ref.slice('attach://'.length) : null;
    const fileId = attached !== null && attached in uploads ? `tg-file-${nextFileId++}` : ref;
    return { file_id: fileId, file_unique_id: `u-${fileId}` };
  };

  const answer = (method: string, params: Record<string, unknown>, uploads: Record<string, number>): unknown => {
    const chatId = params.chat_id;
    switch (method) {
      case 'getMe':
        return { id: 1, is_bot: true, first_name: 'Fake', username: 'fake_bot' };
      case 'sendMessage':
        return message(chatId, { text: params.text });
      case 'sendPhoto':
        return message(chatId, { photo: [{ ...fileOf(params.photo, uploads), width: 640, height: 480 }], caption: params.caption });
      case 'sendVideo':
        return message(chatId, {
          video: { ...fileOf(params.video, uploads), width: 640, height: 480, duration: 1 },
          caption: params.caption,
        });
      case 'sendMediaGroup': {
        const media = Array.isArray(params.media) ? (params.media as { media?: unknown }[]) : [];
        return media.map((item) => message(chatId, { photo: [{ ...fileOf(item.media, uploads), width: 640, height: 480 }] }));
      }
      case 'deleteMessage': {
        const key = `${String(chatId)}:${String(params.message_id)}`;
        if (!sentMessages.delete(key)) return { error: 400, description: 'Bad Request: message to delete not found' };
        return true;
      }
      case 'getFile': {
        const file = files.get(String(params.file_id));
        if (!file) return { error: 400, description: 'Bad Request: invalid file_id' };
        return {
          file_id: params.file_id,
          file_unique_id: `u-${String(params.file_id)}`,
          file_size: file.data.length,
          file_path: file.path,
        };
      }
      default:
        return { error: 404, description: 'Not Found: method not found' };
    }
  };

  app.post<{ Params: { token: string; method: string } }>('/bot:token/:method', async (request, reply) => {
    const { token, method } = request.params;
    const params: Record<string, unknown> = {};
    const uploads: Record<string, number> = {};
    if (request.isMultipart()) {
      for await (const part of request.parts()) {
        if (part.type === 'file') uploads[part.fieldname] = (await part.toBuffer()).length;
        else params[part.fieldname] = decode(part.value);
      }
    } else if (typeof request.body === 'object' && request.body !== null) {
      Object.assign(params, request.body);
    }
    calls.push({ token, method, params, uploads, at: Date.now() });
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const index = faults.findIndex((entry) => entry.method === method || entry.method === '*');
    if (index >= 0) {
      const [{ fault }] = faults.splice(index, 1);
      if (fault.body !== undefined) return reply.code(fault.status).send(fault.body);
      const body = { ok: false, error_code: fault.status, description: fault.description ?? DESCRIPTIONS[fault.status] };
      return reply.code(fault.status).send(fault.status === 429 ? { ...body, parameters: { retry_after: fault.retryAfter ?? 1 } } : body);
    }
    const result = answer(method, params, uploads);
    if (typeof result === 'object' && result !== null && 'error' in result) {
      const { error, description } = result as { error: number; description: string };
      return reply.code(error).send({ ok: false, error_code: error, description });
    }
    return { ok: true, result };
  });

  app.get<{ Params: { token: string; '*': string } }>('/file/bot:token/*', async (request, reply) => {
    const path = request.params['*'];
    const file = [...files.values()].find((candidate) => candidate.path === path);
    if (!file) return reply.code(404).send('Not Found');
    return reply.type('application/octet-stream').send(file.data);
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    calls,
    callsOf: (method, chatId) =>
      calls.filter((call) => call.method === method && (chatId === undefined || String(call.params.chat_id) === chatId)),
    fail: (method, fault, times = 1) => {
      for (let i = 0; i < times; i++) faults.push({ method, fault });
    },
    setDelay: (ms) => {
      delay = ms;
    },
    addFile: (fileId, data, path) => {
      files.set(fileId, { data, path });
    },
    close: () => app.close(),
  };
}
