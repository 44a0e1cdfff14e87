import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChecklistItem, ReviewQueueItem, ServiceDocument } from '../../contracts/case-documents.js';
import { adminRequest, adminRequestPage, adminToken } from './admin-session.js';
import { openDocumentFile, sendDocumentFile } from './document-files.js';

// Repeated here instead of imported so that zod stays out of the browser bundle.
export const REVIEW_QUEUE_PAGE_SIZE = 20;
export const DOCUMENT_ACCEPT = 'image/*,application/pdf';

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
    queryFn: () => adminRequest<ServiceDocument[]>(`/api/caseadmin/services/${serviceId}/documents`),
  });

export const useServiceDocuments = (serviceId: number | null) =>
  useQuery({ ...serviceDocumentsQuery(serviceId ?? 0), enabled: serviceId !== null });

export type DocumentFields = { name: string; description: string; required: boolean };

function useInvalidateDefinitions(serviceId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.definitions(serviceId) }),
      queryClient.invalidateQueries({ queryKey: caseKeys }),
    ]);
}

export function useCreateServiceDocument(serviceId: number) {
  const invalidate = useInvalidateDefinitions(serviceId);
  return useMutation({
    mutationFn: (body: DocumentFields) =>
      adminRequest<ServiceDocument>(`/api/caseadmin/services/${serviceId}/documents`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateServiceDocument(serviceId: number) {
  const invalidate = useInvalidateDefinitions(serviceId);
  return useMutation({
    mutationFn: ({ id, ...body }: DocumentFields & { id: number }) =>
      adminRequest<ServiceDocument>(`/api/caseadmin/service-documents/${id}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteServiceDocument(serviceId: number) {
  const invalidate = useInvalidateDefinitions(serviceId);
  return useMutation({
    mutationFn: (id: number) => adminRequest<null>(`/api/caseadmin/service-documents/${id}`, { method: 'DELETE' }),
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
    mutationFn: ({ id, ...body }: { id: number; decision: 'accepted' | 'rejected'; reason?: string }) =>
      adminRequest<ChecklistItem>(`/api/caseadmin/documents/${id}/review`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useSendDocumentAsStaff(caseId: number) {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: ({ documentId, file }: { documentId: number; file: File }) =>
      sendDocumentFile<ChecklistItem>(`/api/caseadmin/cases/${caseId}/documents/${documentId}`, file, adminToken.get()),
    onSuccess: invalidate,
  });
}

export const openSentDocument = (id: number) =>
  openDocumentFile(`/api/caseadmin/documents/${id}/file`, adminToken.get());

export const reviewQueueQuery = (page: number) =>
  queryOptions({
    queryKey: documentKeys.queue(page),
    queryFn: ({ signal }) =>
      adminRequestPage<ReviewQueueItem[]>('/api/caseadmin/documents', {
        signal,
        query: { page, pageSize: REVIEW_QUEUE_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const useReviewQueue = (page: number) => useQuery(reviewQueueQuery(page));
