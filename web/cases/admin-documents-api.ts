import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REVIEW_QUEUE_PAGE_SIZE } from '../../contracts/cases-constants.js';
import { unwrap, unwrapPage } from '../lib/http.js';
import { asFile, formBody, openInNewTab } from '../lib/http-files.js';
import { adminApi } from './admin-session.js';
import { documentForm } from './document-form.js';
import { translationsBody, type TranslationDraft } from './admin-translation-fields.js';

// Case details live under ['caseadmin', 'cases'] (admin-api.ts): a review or an upload changes them.
const caseKeys = ['caseadmin', 'cases'] as const;
const documentKeys = {
  definitions: (serviceId: number) => ['caseadmin', 'services', serviceId, 'documents'] as const,
  queue: (page: number) => ['caseadmin', 'documents', 'queue', page] as const,
  queueAll: ['caseadmin', 'documents'] as const,
};

// ---- Definitions (the services screen)

export const serviceDocumentsQuery = (serviceId: number) =>
  queryOptions({
    queryKey: documentKeys.definitions(serviceId),
    queryFn: () =>
      unwrap(adminApi.GET('/api/caseadmin/services/{serviceId}/documents', { params: { path: { serviceId } } })),
  });

export const useServiceDocuments = (serviceId: number | null) =>
  useQuery({ ...serviceDocumentsQuery(serviceId ?? 0), enabled: serviceId !== null });

export type DocumentFields = { name: string; description: string; required: boolean; translations: TranslationDraft };

function useInvalidateDefinitions(serviceId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.definitions(serviceId) }),
      queryClient.invalidateQueries({ queryKey: caseKeys }),
      // The services list counts the documents' missing translations.
      queryClient.invalidateQueries({ queryKey: ['caseadmin', 'services'], exact: true }),
    ]);
}

export function useCreateServiceDocument(serviceId: number) {
  const invalidate = useInvalidateDefinitions(serviceId);
  return useMutation({
    mutationFn: ({ translations, ...fields }: DocumentFields) =>
      unwrap(
        adminApi.POST('/api/caseadmin/services/{serviceId}/documents', {
          params: { path: { serviceId } },
          body: { ...fields, translations: translationsBody(translations, true) },
        }),
      ),
    onSuccess: invalidate,
  });
}

export function useUpdateServiceDocument(serviceId: number) {
  const invalidate = useInvalidateDefinitions(serviceId);
  return useMutation({
    mutationFn: ({ id, translations, ...fields }: DocumentFields & { id: number }) =>
      unwrap(
        adminApi.PATCH('/api/caseadmin/service-documents/{id}', {
          params: { path: { id } },
          body: { ...fields, translations: translationsBody(translations, true) },
        }),
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteServiceDocument(serviceId: number) {
  const invalidate = useInvalidateDefinitions(serviceId);
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(adminApi.DELETE('/api/caseadmin/service-documents/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

// ---- A case's documents and their review

function useInvalidateReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: caseKeys }),
      queryClient.invalidateQueries({ queryKey: documentKeys.queueAll }),
    ]);
}

export function useReviewDocument() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: number;
      decision: 'accepted' | 'rejected';
      reason?: string;
      /** A refusal reason of the list, which the applicant reads in their language. */
      reasonId?: number;
    }) => unwrap(adminApi.POST('/api/caseadmin/documents/{id}/review', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  });
}

/** An accepted (or rejected) document awaits review again: the undo of a decision (issue 38). */
export function useReopenDocument() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(adminApi.POST('/api/caseadmin/documents/{id}/reopen', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

export const refusalReasonsQuery = () =>
  queryOptions({
    queryKey: ['caseadmin', 'refusal-reasons'] as const,
    queryFn: () => unwrap(adminApi.GET('/api/caseadmin/refusal-reasons')),
  });

/** A sent document's file, for the preview beside Accept and Reject. */
export const sentDocumentFileQuery = (id: number) =>
  queryOptions({
    queryKey: ['caseadmin', 'documents', 'file', id] as const,
    queryFn: () => unwrap(adminApi.GET('/api/caseadmin/documents/{id}/file', { params: { path: { id } }, ...asFile })),
    staleTime: Infinity,
  });

export function useSendDocumentAsStaff(caseId: number) {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: ({ documentId, file }: { documentId: number; file: File }) =>
      unwrap(
        adminApi.POST('/api/caseadmin/cases/{id}/documents/{documentId}', {
          params: { path: { id: caseId, documentId } },
          ...formBody(documentForm(file)),
        }),
      ),
    onSuccess: invalidate,
  });
}

export const openSentDocument = (id: number) =>
  openInNewTab(() => adminApi.GET('/api/caseadmin/documents/{id}/file', { params: { path: { id } }, ...asFile }));

export const reviewQueueQuery = (page: number) =>
  queryOptions({
    queryKey: documentKeys.queue(page),
    queryFn: ({ signal }) =>
      unwrapPage(
        adminApi.GET('/api/caseadmin/documents', {
          params: { query: { page, pageSize: REVIEW_QUEUE_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useReviewQueue = (page: number) => useQuery(reviewQueueQuery(page));
