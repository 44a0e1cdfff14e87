import multipart from '@fastify/multipart';
import { descriptionField, meResponse, post as postSchema } from '../../contracts/network.js';
import type { App } from '../platform/area.js';
import { AppError } from '../platform/errors.js';
import type { StorageKey } from '../platform/storage.js';
import { setPhoto, toNetworkUser } from './accounts.js';
import {
  discardFile,
  mediaKey,
  mediaKeyOfUrl,
  mediaUrlOf,
  postMedia,
  prepareMedia,
  profilePhoto,
  refusalOf,
  removeStoredMedia,
} from './media.js';
import * as posts from './posts.js';
import { caller, signedInWithProfile, tags, uploadErrors, type NetworkContext } from './route-context.js';

/** The two multipart routes: a profile photo and a new post with its optional media. */
export async function uploadRoutes(uploads: App, ctx: NetworkContext): Promise<void> {
  const { db, now, storage, memberLimits, member, receiveUpload } = ctx;
  // Only these two routes parse multipart bodies: the plugin's hooks (a listener and two async
  // hooks on every request of its scope) stay off every other member request.
  await uploads.register(multipart);

  uploads.post(
    '/api/network/me/photo',
    {
      schema: {
        tags,
        description:
          'multipart/form-data with one photo file field `photo` (JPEG, PNG, GIF, WebP or HEIC), stored without location or device metadata',
        response: { 200: meResponse, ...uploadErrors },
      },
    },
    async (request) => {
      const me = caller.of(request);
      const form = await receiveUpload(request, 'photo', profilePhoto);
      if (!form.file) throw new AppError(400, refusalOf(profilePhoto, ctx.deps.config.uploadMaxBytes));
      let key: StorageKey;
      try {
        await memberLimits.countUpload(me.id);
        const cleaned = await prepareMedia(form.file);
        key = mediaKey(now(), me.id, form.file.originalName, cleaned.extension);
        await storage.putFile(key, form.file.path, cleaned.size, cleaned.type);
      } finally {
        await discardFile(form.file);
      }
      const { row, previous } = await setPhoto(db, me.id, mediaUrlOf(key));
      await removeStoredMedia(storage, mediaKeyOfUrl(previous), request.log);
      return { user: toNetworkUser(member(row)) };
    },
  );

  uploads.post(
    '/api/network/posts',
    {
      schema: {
        tags,
        description:
          'multipart/form-data: `description` text and an optional `media` file (a JPEG, PNG, GIF, WebP or HEIC photo, or an MP4, MOV or WebM video, judged by content), stored without location or device metadata',
        response: { 201: postSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const me = signedInWithProfile(request);
      const form = await receiveUpload(request, 'media', postMedia);
      try {
        const description = descriptionField.safeParse(form.fields.description ?? '');
        if (!description.success)
          throw new AppError(400, description.error.issues[0]?.message ?? 'Invalid description');
        if (!description.data && !form.file) throw new AppError(400, 'Please add content before posting');
        let media: { key: string; type: string } | undefined;
        if (form.file) {
          await memberLimits.countUpload(me.id);
          const cleaned = await prepareMedia(form.file);
          const key = mediaKey(now(), me.id, form.file.originalName, cleaned.extension);
          await storage.putFile(key, form.file.path, cleaned.size, cleaned.type);
          media = { key, type: cleaned.type };
        }
        try {
          const created = await posts.createPost(db, me, { description: description.data, media }, now());
          return reply.status(201).send(created);
        } catch (error) {
          // No post without its file, and no file without its post.
          await removeStoredMedia(storage, media?.key, request.log);
          throw error;
        }
      } finally {
        await discardFile(form.file);
      }
    },
  );
}
