// PLACEHOLDER until the lead's mail module lands on main (the merge takes main's file):
// the same API, so the areas are written against it.
import type { Queryable } from '../db/client.js';
import type { Logger } from './logger.js';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(db: Queryable, message: MailMessage): Promise<void> };

export function publicLink(config: { publicUrl?: string | undefined; port: number }, path: string): string {
  return new URL(path, config.publicUrl ?? `http://localhost:${config.port}`).href;
}

export function placeholderMailer(logger: Logger): Mailer {
  return { send: async (_db, message) => logger.info({ to: message.to, subject: message.subject }, 'placeholder mailer') };
}
