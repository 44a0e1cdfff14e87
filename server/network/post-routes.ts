import {
  commentBody,
  commentsPage,
  createdComment,
  cursorQuery,
  likeResponse,
  memberProfile,
  memberSuggestions,
  memberSuggestionsQuery,
  searchQuery,
  searchResults,
  post as postSchema,
  postIdParams,
  postsPage,
  usernameParams,
} from '../../contracts/network.js';
import type { App } from '../platform/area.js';
import { memberLicences } from './person-identity.js';
import * as posts from './posts.js';
import { search, suggestMembers } from './search.js';
import { noContent, caller, signedInWithProfile, tags, withErrors, type NetworkContext } from './route-context.js';

/** The feed: reading and deleting posts, comments, likes (creating a post is an upload). */
export async function postRoutes(members: App, ctx: NetworkContext): Promise<void> {
  const { db, deps, now, mediaFiles } = ctx;

  members.get(
    '/api/network/posts',
    { schema: { summary: 'The feed', tags, querystring: cursorQuery, response: withErrors({ 200: postsPage }) } },
    async (request) => posts.listPosts(deps.database.pool, caller.of(request), request.query.cursor),
  );

  members.get(
    '/api/network/search',
    {
      schema: {
        summary: 'Search posts and members',
        tags,
        description: 'Posts by English full-text search (websearch syntax), ranked and paged; members by name',
        querystring: searchQuery,
        response: withErrors({ 200: searchResults }),
      },
    },
    async (request) => search(deps.database.pool, caller.of(request), request.query.q, request.query.cursor),
  );

  members.get(
    '/api/network/members',
    {
      schema: {
        summary: 'Members to mention',
        tags,
        description: 'Members whose username or name contains q, by username, paged: what the @ box suggests',
        querystring: memberSuggestionsQuery,
        response: withErrors({ 200: memberSuggestions }),
      },
    },
    async (request) => suggestMembers(deps.database.pool, caller.of(request), request.query.q, request.query.cursor),
  );

  members.get(
    '/api/network/members/:username',
    {
      schema: {
        summary: "A member's profile and posts",
        tags,
        description: "A member's public profile and their posts, newest first",
        params: usernameParams,
        querystring: cursorQuery,
        response: withErrors({ 200: memberProfile }),
      },
    },
    async (request) =>
      posts.getMemberProfile(db, caller.of(request), request.params.username, request.query.cursor, (memberId) =>
        memberLicences(deps.personLinks, memberId, now()),
      ),
  );

  members.get(
    '/api/network/posts/:id',
    { schema: { summary: 'A post', tags, params: postIdParams, response: withErrors({ 200: postSchema }) } },
    async (request) => posts.getPost(db, caller.of(request), request.params.id),
  );

  members.delete(
    '/api/network/posts/:id',
    { schema: { summary: 'Delete a post', tags, params: postIdParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await posts.deletePost(db, mediaFiles(request), caller.of(request), request.params.id, now());
      return reply.status(204).send(null);
    },
  );

  members.get(
    '/api/network/posts/:id/comments',
    {
      schema: {
        summary: "A post's comments",
        tags,
        params: postIdParams,
        querystring: cursorQuery,
        response: withErrors({ 200: commentsPage }),
      },
    },
    async (request) => posts.listComments(deps.database.pool, request.params.id, request.query.cursor),
  );

  members.post(
    '/api/network/posts/:id/comments',
    {
      schema: {
        summary: 'Comment on a post',
        tags,
        params: postIdParams,
        body: commentBody,
        response: withErrors({ 201: createdComment }),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await posts.addComment(db, signedInWithProfile(request), request.params.id, request.body.text, now())),
  );

  members.put(
    '/api/network/posts/:id/like',
    { schema: { summary: 'Like a post', tags, params: postIdParams, response: withErrors({ 200: likeResponse }) } },
    async (request) => posts.setLike(db, caller.of(request), request.params.id, true, now()),
  );

  members.delete(
    '/api/network/posts/:id/like',
    { schema: { summary: 'Unlike a post', tags, params: postIdParams, response: withErrors({ 200: likeResponse }) } },
    async (request) => posts.setLike(db, caller.of(request), request.params.id, false, now()),
  );
}
