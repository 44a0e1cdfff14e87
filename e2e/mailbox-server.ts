import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpServer } from '../test/support/smtp-server.js';

/**
 * The e2e run's mail server: a real SMTP server (the app's SMTP_URL) and a small JSON view of what
 * it received, because specs run in other processes than this global setup.
 */
export async function startMailbox() {
  const smtp = await startSmtpServer();
  const http = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(smtp.messages));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    smtpUrl: smtp.url,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await smtp.close();
    },
  };
}
