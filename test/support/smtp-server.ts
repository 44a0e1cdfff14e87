import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { timeouts } from './timeouts.js';

/** One email as it arrived at the test's SMTP server, parsed. */
export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | undefined;
  headers: Record<string, string>;
  /** Every http(s) address in the text part, in order. */
  links: string[];
  /** The message exactly as it came over SMTP, for reading it as a mail provider does. */
  raw: string;
};

export type TestSmtpServer = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The first message (already received or still to come) that `match` accepts. */
  nextMessage(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** While failing, every message is refused with a temporary error (451), as a mail server in trouble does. */
  setFailing(failing: boolean): void;
  close(): Promise<void>;
};

function headerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'text' in value && typeof value.text === 'string') return value.text;
  return JSON.stringify(value);
}

/** A real SMTP server in this process (the `smtp-server` package) that keeps what it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let failing = false;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!failing) return callback();
      const refusal = Object.assign(new Error('Try again later'), { responseCode: 451 });
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.once('end', () => resolve(Buffer.concat(chunks)));
        stream.once('error', reject);
      })
        .then(async (raw) => ({ raw: raw.toString('utf8'), parsed: await simpleParser(raw) }))
        .then(({ raw, parsed }) => {
          const text = parsed.text ?? '';
          messages.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            from: typeof session.envelope.mailFrom === 'object' ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : undefined,
            headers: Object.fromEntries([...parsed.headers].map(([name, value]) => [name, headerText(value)])),
            links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
            raw,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextMessage(match = () => true, timeoutMs = timeouts.condition) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `no matching email within ${timeoutMs} ms; received: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ') || 'none'}`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    setFailing(value) {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
