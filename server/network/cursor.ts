import { AppError } from '../platform/errors.js';

export type Cursor = { createdAt: Date; id: string };

/** An opaque keyset cursor: the (created_at, id) of the last row of the page. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string | undefined): Cursor | undefined {
  if (value === undefined || value === '') return undefined;
  const [iso, id] = Buffer.from(value, 'base64url').toString().split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime()))
    throw new AppError(400, 'Invalid cursor');
  return { createdAt, id };
}
