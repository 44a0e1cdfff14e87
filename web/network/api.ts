import type { LinkedAccountsClient } from '../ui/linked-accounts.js';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Comment, NetworkUser, Post, ProfileBody, SignInBody, SignUpBody } from '../../contracts/network.js';
import { ApiError, unreachable } from '../lib/api-error.js';
import { api, createApi, unwrap, type ApiBody } from '../lib/http.js';
import { clearSessionEnded, reportSessionEnded } from './ended-session.js';

export const networkKeys = {
  me: ['network', 'me'] as const,
  feed: ['network', 'feed'] as const,
  post: (id: string) => ['network', 'post', id] as const,
  comments: (postId: string) => ['network', 'comments', postId] as const,
  notifications: ['network', 'notifications'] as const,
  unread: ['network', 'unread'] as const,
  search: (q: string) => ['network', 'search', q] as const,
  member: (username: string) => ['network', 'member', username.toLowerCase()] as const,
  memberSuggestions: (q: string) => ['network', 'member-suggestions', q.toLowerCase()] as const,
  settings: ['network', 'settings'] as const,
  emailDigest: ['network', 'email-digest'] as const,
};

// ---- Session

/** Calls that need the member's session (a cookie): their 401 means the session ended elsewhere. */
export const memberApi = createApi({
  onResponse({ response }) {
    if (response.status === 401) reportSessionEnded();
  },
});

/** The signed-in member, or null. */
export const fetchMe = async () => (await unwrap(api.GET('/api/network/me'))).user;

export const meQuery = () => queryOptions({ queryKey: networkKeys.me, queryFn: fetchMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQuery());
}

export const signIn = (body: SignInBody) => unwrap(api.POST('/api/network/auth/sign-in', { body }));
/**
 * Sign-up answers the same for every address (the owner of a taken one gets an email instead),
 * then the member signs in with the same credentials, as the spec's sign-up returns the user.
 */
export async function signUp(body: SignUpBody) {
  await unwrap(api.POST('/api/network/auth/sign-up', { body }));
  return signIn(body);
}
export const resendVerificationEmail = () => unwrap(memberApi.POST('/api/network/me/verification-email'));
export const verifyEmail = (token: string) => unwrap(api.POST('/api/network/auth/verify-email', { body: { token } }));
export const requestPasswordReset = (email: string) =>
  unwrap(api.POST('/api/network/auth/password-reset', { body: { email } }));
export const resetPassword = (token: string, password: string) =>
  unwrap(api.POST('/api/network/auth/password-reset/confirm', { body: { token, password } }));
export const signOut = () => unwrap(api.POST('/api/network/auth/sign-out'));
export const saveProfile = (body: ProfileBody) => unwrap(memberApi.PUT('/api/network/me/profile', { body }));

/** Forgets the signed-in member and everything loaded for them (sign-out, or a session that ended elsewhere). */
export function forgetMember(client: QueryClient): void {
  client.setQueryData(meQuery().queryKey, null);
  client.removeQueries({ queryKey: ['network'], predicate: (query) => query.queryKey[1] !== 'me' });
}

/** The sign-in page in sign-in mode (`/` alone opens sign-up while sign-up is open). */
export const SIGN_IN_PATH = '/?mode=signin';

/** Where a member goes after signing in: the feed once the profile is complete. */
export const landingPath = (user: NetworkUser) => (user.isProfileComplete ? '/Home' : '/UserDetails');

// ---- Uploads (multipart forms; a post's upload reports its progress)

// The upload's code (http-files.ts) loads with the first upload: the sign-in page and the feed
// import this module, and neither sends a file as it opens (issue 42). A chunk that cannot be
// fetched is the service out of reach, as for any call.
const uploads = () =>
  import('../lib/http-files.js').catch(() => {
    throw unreachable();
  });

export async function uploadPhoto(file: File) {
  const form = new FormData();
  form.append('photo', file);
  const { formBody } = await uploads();
  return unwrap(memberApi.POST('/api/network/me/photo', formBody(form)));
}

export async function publishPost(description: string, media: File | null, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('description', description);
  if (media) form.append('media', media);
  const { formBody } = await uploads();
  return unwrap(memberApi.POST('/api/network/posts', formBody(form, onProgress)));
}

// ---- Feed

/** Every list here pages by the server's opaque cursor. */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
};

export const feedQuery = () =>
  infiniteQueryOptions({
    queryKey: networkKeys.feed,
    queryFn: ({ pageParam, signal }) =>
      unwrap(memberApi.GET('/api/network/posts', { params: { query: { cursor: pageParam } }, signal })),
    ...cursorPaging,
  });

export const memberProfileQuery = (username: string) =>
  infiniteQueryOptions({
    queryKey: networkKeys.member(username),
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        memberApi.GET('/api/network/members/{username}', {
          params: { path: { username }, query: { cursor: pageParam } },
          signal,
        }),
      ),
    ...cursorPaging,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export const searchQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: networkKeys.search(q),
    queryFn: ({ pageParam, signal }) =>
      unwrap(memberApi.GET('/api/network/search', { params: { query: { q, cursor: pageParam } }, signal })),
    ...cursorPaging,
    enabled: q.trim() !== '',
  });

export const useFeed = () => useInfiniteQuery(feedQuery());
export const useMemberProfile = (username: string) => useInfiniteQuery(memberProfileQuery(username));
export const useSearch = (q: string) => useInfiniteQuery(searchQuery(q));

/** The members the `@` box offers for what was typed after the `@`; nothing is asked for an empty text. */
export const memberSuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: networkKeys.memberSuggestions(q),
    queryFn: ({ signal }) => unwrap(memberApi.GET('/api/network/members', { params: { query: { q } }, signal })),
    enabled: q !== '',
    staleTime: 30_000,
  });

// ---- Notifications

/** Whether the member gets the daily email of unread notifications (off until they turn it on). */
export const emailDigestQuery = () =>
  queryOptions({
    queryKey: networkKeys.emailDigest,
    queryFn: ({ signal }) => unwrap(memberApi.GET('/api/network/me/email-digest', { signal })),
  });

export function useSetEmailDigest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => unwrap(memberApi.PUT('/api/network/me/email-digest', { body: { enabled } })),
    onSuccess: (setting) => client.setQueryData(networkKeys.emailDigest, setting),
  });
}

/** The digest's "Stop these emails" link: the token says whose digest, no session needed. */
export const unsubscribeEmailDigest = (token: string) =>
  unwrap(api.POST('/api/network/email-digest/unsubscribe', { body: { token } }));

export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: networkKeys.notifications,
    queryFn: ({ pageParam, signal }) =>
      unwrap(memberApi.GET('/api/network/notifications', { params: { query: { cursor: pageParam } }, signal })),
    ...cursorPaging,
  });

/** The bell's count: read once, then kept by the live stream's per-member events (no polling). */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: networkKeys.unread,
    queryFn: async ({ signal }) => (await unwrap(memberApi.GET('/api/network/notifications', { signal }))).unread,
    staleTime: Infinity,
  });

export const useNotifications = () => useInfiniteQuery(notificationsQuery());
export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQuery(), enabled });

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      unwrap(memberApi.POST('/api/network/notifications/read', { body: ids ? { ids } : { all: true } })),
    onSuccess: ({ unread }) => {
      client.setQueryData(unreadCountQuery().queryKey, unread);
      void client.invalidateQueries({ queryKey: networkKeys.notifications });
    },
  });
}

export const postQuery = (id: string) =>
  queryOptions({
    queryKey: networkKeys.post(id),
    queryFn: ({ signal }) => unwrap(memberApi.GET('/api/network/posts/{id}', { params: { path: { id } }, signal })),
  });

export const usePost = (id: string | null) => useQuery({ ...postQuery(id ?? ''), enabled: Boolean(id) });

export const deletePost = (id: string) =>
  unwrap(memberApi.DELETE('/api/network/posts/{id}', { params: { path: { id } } }));
export const setLike = (id: string, liked: boolean) =>
  unwrap(
    liked
      ? memberApi.PUT('/api/network/posts/{id}/like', { params: { path: { id } } })
      : memberApi.DELETE('/api/network/posts/{id}/like', { params: { path: { id } } }),
  );

/** Changes one post wherever the feed cache holds it. */
export function updateFeedPost(client: QueryClient, postId: string, change: (post: Post) => Post): void {
  client.setQueryData(
    feedQuery().queryKey,
    (feed) =>
      feed && {
        ...feed,
        pages: feed.pages.map((page) => ({ ...page, posts: page.posts.map((p) => (p.id === postId ? change(p) : p)) })),
      },
  );
  client.setQueryData(postQuery(postId).queryKey, (post) => post && change(post));
}

export function addFeedPost(client: QueryClient, post: Post): void {
  client.setQueryData(feedQuery().queryKey, (feed) => {
    if (!feed || feed.pages.some((page) => page.posts.some((p) => p.id === post.id))) return feed;
    const [first, ...rest] = feed.pages;
    return {
      ...feed,
      pages: [{ posts: [post, ...(first?.posts ?? [])], nextCursor: first?.nextCursor ?? null }, ...rest],
    };
  });
}

export function removeFeedPost(client: QueryClient, postId: string): void {
  client.setQueryData(
    feedQuery().queryKey,
    (feed) =>
      feed && {
        ...feed,
        pages: feed.pages.map((page) => ({ ...page, posts: page.posts.filter((p) => p.id !== postId) })),
      },
  );
  client.removeQueries({ queryKey: networkKeys.comments(postId) });
}

// ---- Comments

export const commentsQuery = (postId: string) =>
  infiniteQueryOptions({
    queryKey: networkKeys.comments(postId),
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        memberApi.GET('/api/network/posts/{id}/comments', {
          params: { path: { id: postId }, query: { cursor: pageParam } },
          signal,
        }),
      ),
    ...cursorPaging,
  });

/** A post without comments asks for none: a feed page would otherwise send a request per post. */
export const useComments = (postId: string, commentCount: number) =>
  useInfiniteQuery({ ...commentsQuery(postId), enabled: commentCount > 0 });

export const postComment = (postId: string, text: string) =>
  unwrap(memberApi.POST('/api/network/posts/{id}/comments', { params: { path: { id: postId } }, body: { text } }));

/** Adds a comment to the post's loaded list (once), and sets the post's count. */
export function addCachedComment(client: QueryClient, comment: Comment, commentCount?: number): void {
  client.setQueryData(commentsQuery(comment.postId).queryKey, (data) => {
    if (!data || data.pages.some((page) => page.comments.some((c) => c.id === comment.id))) return data;
    const [first, ...rest] = data.pages;
    return {
      ...data,
      pages: [{ comments: [comment, ...(first?.comments ?? [])], nextCursor: first?.nextCursor ?? null }, ...rest],
    };
  });
  if (commentCount !== undefined)
    updateFeedPost(client, comment.postId, (post) => ({
      ...post,
      commentCount: Math.max(post.commentCount, commentCount),
    }));
}

// ---- Mutations: each changes the cached feed, post and comments it affects

/** Likes or unlikes a post; the answer's count goes into every cached copy of the post. */
export const likePostMutation = (client: QueryClient, postId: string) => ({
  mutationFn: (liked: boolean) => setLike(postId, liked),
  onSuccess: (result: Awaited<ReturnType<typeof setLike>>) =>
    updateFeedPost(client, postId, (p) => ({ ...p, likeCount: result.likeCount, likedByMe: result.likedByMe })),
});

/** Deletes a post and drops it from the feed. */
export const deletePostMutation = (client: QueryClient, postId: string) => ({
  mutationFn: () => deletePost(postId),
  onSuccess: () => removeFeedPost(client, postId),
});

/** Adds a comment; it appears in the post's comments and the post's count follows. */
export function useAddComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postComment(postId, text),
    onSuccess: ({ commentCount, ...comment }) => addCachedComment(client, comment, commentCount),
  });
}

/** Signs in or up with email and password; the member becomes the cached `me`. */
export function useAuthenticate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, body }: { mode: 'sign-in' | 'sign-up'; body: SignInBody }) =>
      mode === 'sign-up' ? signUp(body) : signIn(body),
    onSuccess: ({ user }) => {
      clearSessionEnded();
      client.setQueryData(meQuery().queryKey, user);
    },
  });
}

/** Saves the profile, then the photo when one was chosen; the saved member becomes the cached `me`. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ profile, photo }: { profile: ProfileBody; photo: File | null }) => {
      const saved = (await saveProfile(profile)).user;
      return photo ? (await uploadPhoto(photo)).user : saved;
    },
    onSuccess: (user) => client.setQueryData(meQuery().queryKey, user),
  });
}

// ---- Settings

export const accountSettingsQuery = () =>
  queryOptions({
    queryKey: networkKeys.settings,
    queryFn: () => unwrap(memberApi.GET('/api/network/me/settings')),
  });

export const useAccountSettings = () => useQuery(accountSettingsQuery());

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/network/me/password', 'put'>) =>
      unwrap(memberApi.PUT('/api/network/me/password', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: networkKeys.settings }),
  });
}

export function useSignOutOtherDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(memberApi.POST('/api/network/me/sign-out-others')),
    onSuccess: () => client.invalidateQueries({ queryKey: networkKeys.settings }),
  });
}

/** Deletes the account; the member is then forgotten like after signing out. */
export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/network/me', 'delete'>) => unwrap(memberApi.DELETE('/api/network/me', { body })),
    onSuccess: () => forgetMember(client),
  });
}

/** The member's linked accounts (issue 41): the settings page's screen. */
export const memberLinks: LinkedAccountsClient = {
  key: ['network', 'me', 'links'],
  list: () => unwrap(memberApi.GET('/api/network/me/links')),
  link: (body) => unwrap(memberApi.POST('/api/network/me/links', { body })),
  issueCode: () => unwrap(memberApi.POST('/api/network/me/links/codes')),
  unlink: ({ area, accountId }) =>
    unwrap(memberApi.DELETE('/api/network/me/links/{area}/{accountId}', { params: { path: { area, accountId } } })),
};

/** The member's journey (issue 41), read through their own session. */
export const memberJourney = () => unwrap(memberApi.GET('/api/network/me/journey'));
