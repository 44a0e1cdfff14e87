import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AppealBody,
  AppealDecisionBody,
  ReportBody,
  ResolveBody,
  SuspensionChangeBody,
  UndoRemovalBody,
} from '../../contracts/network-moderation.js';
import { SUSPENDED } from '../../contracts/network-moderation-constants.js';
import { ApiError } from '../lib/api-error.js';
import { unwrap } from '../lib/http.js';
import { cursorPaging, memberApi, networkKeys, removeFeedPost, updateFeedPost } from './api.js';
import { suspensionKey, suspensionQuery } from './suspension.js';

/** Reports and moderation: each endpoint's query options, and the hooks that use them. */

// Under 'network', so signing out forgets them with the rest of the member's data.
export const moderationKeys = {
  queue: ['network', 'moderation', 'queue'] as const,
  log: ['network', 'moderation', 'log'] as const,
  appeals: ['network', 'moderation', 'appeals'] as const,
  suspension: suspensionKey,
};

export const reportQueueQuery = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.queue,
    queryFn: ({ pageParam, signal }) =>
      unwrap(memberApi.GET('/api/network/moderation/reports', { params: { query: { cursor: pageParam } }, signal })),
    ...cursorPaging,
  });

export const moderationLogQuery = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.log,
    queryFn: ({ pageParam, signal }) =>
      unwrap(memberApi.GET('/api/network/moderation/log', { params: { query: { cursor: pageParam } }, signal })),
    ...cursorPaging,
  });

export const appealQueueQuery = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.appeals,
    queryFn: ({ pageParam, signal }) =>
      unwrap(memberApi.GET('/api/network/moderation/appeals', { params: { query: { cursor: pageParam } }, signal })),
    ...cursorPaging,
  });

export const useReportQueue = () => useInfiniteQuery(reportQueueQuery());
export const useModerationLog = () => useInfiniteQuery(moderationLogQuery());
export const useAppealQueue = () => useInfiniteQuery(appealQueueQuery());

export const reportPost = (postId: string, body: ReportBody) =>
  unwrap(memberApi.POST('/api/network/posts/{id}/reports', { params: { path: { id: postId } }, body }));

export function useReportPost(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportBody) => reportPost(postId, body),
    // The post's menu says "Reported" from now on (a 409 means it was already reported, in another tab).
    onSuccess: () => updateFeedPost(client, postId, (post) => ({ ...post, reportedByMe: true })),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        updateFeedPost(client, postId, (post) => ({ ...post, reportedByMe: true }));
      refreshSuspensionOn(client, error);
    },
  });
}

/** Resolves a queue group (its id is the post's); a removed post leaves this browser's feed at once. */
export function useResolveReports() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, body }: { postId: string; body: ResolveBody }) =>
      unwrap(
        memberApi.POST('/api/network/moderation/reports/{id}/resolve', { params: { path: { id: postId } }, body }),
      ),
    onSuccess: (resolution, { postId }) => {
      if (resolution.action !== 'dismiss') removeFeedPost(client, postId);
    },
    // Resolved by this moderator or, on a 409, by another meanwhile: the queue and log move on either way.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: reportQueueQuery().queryKey });
      void client.invalidateQueries({ queryKey: moderationLogQuery().queryKey });
    },
  });
}

/** The suspended member appeals; the banner then says the appeal waits (or, on a 409, what is). */
export function useAppealSuspension() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealBody) => unwrap(memberApi.POST('/api/network/me/suspension/appeal', { body })),
    onSettled: () => void client.invalidateQueries({ queryKey: suspensionQuery().queryKey }),
  });
}

/** The author appeals a removal without a suspension (its log row); the notice then says the appeal waits. */
export function useAppealRemoval(removalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealBody) =>
      unwrap(memberApi.POST('/api/network/me/removals/{id}/appeal', { params: { path: { id: removalId } }, body })),
    onSettled: () => void client.invalidateQueries({ queryKey: networkKeys.notifications }),
  });
}

/**
 * A moderator's decision on an appeal (a suspension's or a removal's), or a change to a suspension
 * from the log (its log row).
 */
export type ModerationDecision =
  { appealId: string; body: AppealDecisionBody } | { suspensionId: string; body: SuspensionChangeBody };

export function useChangeSuspension() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: ModerationDecision) =>
      'appealId' in decision
        ? unwrap(
            memberApi.POST('/api/network/moderation/appeals/{id}/decide', {
              params: { path: { id: decision.appealId } },
              body: decision.body,
            }),
          )
        : unwrap(
            memberApi.POST('/api/network/moderation/suspensions/{id}/change', {
              params: { path: { id: decision.suspensionId } },
              body: decision.body,
            }),
          ),
    // Decided here or, on a 409, by another moderator meanwhile: the queues and the log move on either way.
    onSettled: (result) => {
      void client.invalidateQueries({ queryKey: appealQueueQuery().queryKey });
      void client.invalidateQueries({ queryKey: reportQueueQuery().queryKey });
      void client.invalidateQueries({ queryKey: moderationLogQuery().queryKey });
      if (result?.postRestored) void client.invalidateQueries({ queryKey: networkKeys.feed });
    },
  });
}

/** A moderator undoes a removal (its log row); the post comes back to the feed when it is next read. */
export function useUndoRemoval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ removalId, body }: { removalId: string; body: UndoRemovalBody }) =>
      unwrap(
        memberApi.POST('/api/network/moderation/removals/{id}/undo', { params: { path: { id: removalId } }, body }),
      ),
    // Undone here or, on a 409, by another moderator meanwhile: the log moves on either way.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: moderationLogQuery().queryKey });
      void client.invalidateQueries({ queryKey: appealQueueQuery().queryKey });
      void client.invalidateQueries({ queryKey: networkKeys.feed });
    },
  });
}

/** A write refused for a suspension the banner does not show yet: ask for it, so it does. */
export function refreshSuspensionOn(client: ReturnType<typeof useQueryClient>, error: unknown): void {
  if (error instanceof ApiError && error.code === SUSPENDED)
    void client.invalidateQueries({ queryKey: suspensionQuery().queryKey });
}
