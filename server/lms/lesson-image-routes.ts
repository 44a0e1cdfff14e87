import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { App } from '../platform/area.js';
import { errorResponses } from '../platform/errors.js';
import { storedTypeOfExtension } from '../platform/media-cleaning.js';
import { fileAnswer } from '../platform/route-schemas.js';
import { saveLessonImage, serveLessonImage } from './lesson-images.js';
import { tags, uploadErrors, type LmsContext } from './route-context.js';

/** Sending an image for lesson text (LMS admins): the only LMS route that parses multipart bodies. */
export async function lessonImageUploadRoutes(app: App, ctx: LmsContext): Promise<void> {
  // Registered in this plugin only, so the multipart hooks stay out of every other route.
  await app.register(multipart);
  app.post(
    '/admin/lesson-images',
    {
      schema: {
        summary: 'Upload an image for lesson text',
        tags,
        description:
          'An image for lesson text: multipart/form-data with one `image` field (PNG, JPEG, GIF or WebP, judged by content); answers its address for Markdown',
        response: { 201: z.object({ url: z.string() }), ...uploadErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveLessonImage(request, ctx.storage, ctx.deps.config.uploadTmpDir)),
  );
}

/** The lesson images themselves: open to everyone, as lesson text links them. */
export async function lessonImageRoutes(app: App, ctx: LmsContext): Promise<void> {
  app.get(
    '/lesson-images/:name',
    {
      schema: {
        summary: 'A lesson image',
        tags,
        params: z.object({ name: z.string().max(64) }),
        response: {
          200: fileAnswer(
            Object.values(storedTypeOfExtension).filter((type) => type.startsWith('image/')),
            'The stored image',
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => serveLessonImage(ctx.storage, request.params.name, reply),
  );
}
