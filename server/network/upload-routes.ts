import multipart from '@fastify/multipart';
import { meResponse, post as postSchema } from '../../contracts/network.js';
import type { App } from '../platform/area.js';
import { AppError } from '../platform/errors.js';
import { setPhoto, toNetworkUser } from './accounts.js';
import { postMedia, profilePhoto, refusalOf } from './media.js';
import * as posts from './posts.js';
import { caller, signedInWithProfile, tags, uploadErrors, type NetworkContext } from './route-context.js';

/** The two multipart routes: a profile photo and a new post with its optional media. */
export async function uploadRoutes(uploads: App, ctx: NetworkContext): Promise<void> {
  const { db, now, member, receiveUpload, mediaFiles } = ctx;
  // Only these two routes parse multipart bodies: the plugin's hooks (a listener and two async
  // hooks on every request of its scope) stay off every other member request.
  await uploads.register(multipart);

  uploads.post(
    '/api/network/me/photo',
    {
      schema: {
        summary: 'Set the profile photo',
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
      return { user: toNetworkUser(member(await setPhoto(db, mediaFiles(request), me.id, form.file, now()))) };
    },
  );

  uploads.post(
    '/api/network/posts',
    {
      schema: {
        summary: 'Publish a post',
        tags,
        description:
          'multipart/form-data: `description` text and an optional `media` file (a JPEG, PNG, GIF, WebP or HEIC photo, or an MP4, MOV or WebM video, judged by content), stored without location or device metadata',
        response: { 201: postSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const me = signedInWithProfile(request);
      const form = await receiveUpload(request, 'media', postMedia);
      return reply.status(201).send(await posts.createPostFromForm(db, mediaFiles(request), me, form, now()));
    },
  );
}
