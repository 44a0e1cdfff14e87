import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCase,
  BulkStepResponse,
  CaseAdminSummary,
  CaseNote,
  CaseDetails,
  caseSortFields,
  CasesOverview,
  CaseStatus,
  ChangeStepResponse,
  CreateCaseBody,
  DashboardMetrics,
  Service,
  Step,
  UpdateCaseBody,
} from '../../contracts/cases.js';
import { request } from '../lib/http.js';
import { adminDownload, adminRequest, adminRequestPage } from './admin-session.js';

// Values are repeated here instead of imported so that zod stays out of the browser bundle.
export const CASES_PAGE_SIZE = 20;

export type CaseSortField = (typeof caseSortFields)[number];
export type SortOrder = 'DESC' | 'ASC';
export type CasesListParams = {
  search: string;
  status: CaseStatus | '';
  sortBy: CaseSortField;
  order: SortOrder;
  page: number;
  pageSize: number;
  /** Only cases at a step longer than cases usually take there (the dashboard's Overdue count). */
  overdue: boolean;
  /** `me`, `none` (nobody's yet), an admin's id, or '' for everyone's. */
  owner: string;
};

/** In the order a case goes through them, wherever statuses are listed (filter, chart, counters). */
export const caseStatusOptions: readonly CaseStatus[] = ['Under Review', 'In Progress', 'Completed'];
/** The services a new case is subscribed to unless the admin unticks them. */
export const DEFAULT_SERVICE_IDS: readonly number[] = [1, 2, 3, 4];

const caseKeys = {
  all: ['caseadmin', 'cases'] as const,
  list: (query: CasesListParams) => [...caseKeys.all, 'list', query] as const,
  overview: () => [...caseKeys.all, 'overview'] as const,
  metrics: () => [...caseKeys.all, 'metrics'] as const,
  detail: (id: number) => [...caseKeys.all, 'detail', id] as const,
  notes: (id: number, page: number) => [...caseKeys.all, 'notes', id, page] as const,
};
export const CASE_NOTES_PAGE_SIZE = 20;
const serviceKeys = {
  all: ['caseadmin', 'services'] as const,
  steps: (serviceId: number) => [...serviceKeys.all, serviceId, 'steps'] as const,
};

// ---- Login

export const loginAdmin = (email: string, password: string) =>
  request<{ token: string }>('/api/caseadmin/login', { method: 'POST', body: { email, password } });

export const requestAdminPasswordReset = (email: string) =>
  request<{ message: string }>('/api/caseadmin/password-reset', { method: 'POST', body: { email } });
export const resetAdminPassword = (token: string, password: string) =>
  request<null>('/api/caseadmin/password-reset/confirm', { method: 'POST', body: { token, password } });

// ---- Dashboard

export const dashboardMetricsQuery = () =>
  queryOptions({
    queryKey: caseKeys.metrics(),
    queryFn: () => adminRequest<DashboardMetrics>('/api/caseadmin/dashboard-metrics'),
  });

/** The cases call without query parameters answers the dashboard's overview shape. */
export const casesOverviewQuery = () =>
  queryOptions({ queryKey: caseKeys.overview(), queryFn: () => adminRequest<CasesOverview>('/api/caseadmin/cases') });

export const useDashboardMetrics = () => useQuery(dashboardMetricsQuery());
export const useCasesOverview = () => useQuery(casesOverviewQuery());

// ---- Cases

export type CasesPage = { cases: AdminCase[]; total: number };

export const casesListQuery = (query: CasesListParams) =>
  queryOptions({
    queryKey: caseKeys.list(query),
    queryFn: async ({ signal }): Promise<CasesPage> => {
      const { data, total } = await adminRequestPage<AdminCase[]>('/api/caseadmin/cases', {
        signal,
        query: {
          search: query.search || undefined,
          status: query.status || undefined,
          sortBy: query.sortBy,
          order: query.order,
          page: query.page,
          pageSize: query.pageSize,
          overdue: query.overdue ? 'true' : undefined,
          owner: query.owner || undefined,
        },
      });
      return { cases: data, total };
    },
    placeholderData: keepPreviousData,
  });

export const caseDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: caseKeys.detail(id),
    queryFn: () => adminRequest<CaseDetails>(`/api/caseadmin/cases/${id}`),
  });

export const useCasesList = (query: CasesListParams) => useQuery(casesListQuery(query));
export const useCaseDetails = (id: number) => useQuery(caseDetailsQuery(id));

/** The staff, for choosing a case's owner and filtering by one. */
export const caseAdminsQuery = () =>
  queryOptions({
    queryKey: ['caseadmin', 'admins'] as const,
    queryFn: () => adminRequest<CaseAdminSummary[]>('/api/caseadmin/admins'),
    staleTime: 5 * 60_000,
  });

export type CaseNotesPage = { notes: CaseNote[]; total: number };

/** A page of the case's internal notes, newest first. */
export const caseNotesQuery = (caseId: number, page: number) =>
  queryOptions({
    queryKey: caseKeys.notes(caseId, page),
    queryFn: async ({ signal }): Promise<CaseNotesPage> => {
      const { data, total } = await adminRequestPage<CaseNote[]>(`/api/caseadmin/cases/${caseId}/notes`, {
        signal,
        query: { page, pageSize: CASE_NOTES_PAGE_SIZE },
      });
      return { notes: data, total };
    },
    placeholderData: keepPreviousData,
  });

export function useAddCaseNote(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      adminRequest<CaseNote>(`/api/caseadmin/cases/${caseId}/notes`, { method: 'POST', body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...caseKeys.all, 'notes', caseId] }),
  });
}

export function useResendTrackerLink(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminRequest<{ message: string }>(`/api/caseadmin/cases/${caseId}/tracker-link`, { method: 'POST' }),
    // The history gains the sending.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) }),
  });
}

/** Staff's "End applicant sign-ins": the applicant's sessions and unused link end; the history gains the entry. */
export function useEndApplicantSignIns(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminRequest<{ message: string }>(`/api/caseadmin/cases/${caseId}/applicant-sign-ins`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) }),
  });
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCaseBody) =>
      adminRequest<{ message: string; newCase: AdminCase }>('/api/caseadmin/cases', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

export function useUpdateCaseServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & UpdateCaseBody) =>
      adminRequest<AdminCase>(`/api/caseadmin/cases/${id}/services`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

export function useDeleteCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest<null>(`/api/caseadmin/cases/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

export function useChangeStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseServiceId, newStep, notify }: { caseServiceId: number; newStep: string; notify: boolean }) =>
      adminRequest<ChangeStepResponse>(`/api/caseadmin/caseservices/${caseServiceId}/step`, {
        method: 'PUT',
        body: { newStep, notify },
      }),
    // A step change moves the case's status and its place among the recently updated.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

export function useUndoStepChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stepChangeId: number) =>
      adminRequest<{ message: string }>(`/api/caseadmin/step-changes/${stepChangeId}/undo`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

// ---- Services and steps

export const servicesQuery = () =>
  queryOptions({ queryKey: serviceKeys.all, queryFn: () => adminRequest<Service[]>('/api/caseadmin/services') });

export const useServices = () => useQuery(servicesQuery());

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => adminRequest<Service>('/api/caseadmin/services', { method: 'POST', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest<null>(`/api/caseadmin/services/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

export const stepsQuery = (serviceId: number) =>
  queryOptions({
    queryKey: serviceKeys.steps(serviceId),
    queryFn: () => adminRequest<Step[]>(`/api/caseadmin/services/${serviceId}/steps`),
  });

export const useSteps = (serviceId: number) => useQuery({ ...stepsQuery(serviceId), enabled: serviceId > 0 });

// Adding or removing a step can move a case's first or last step, and so its status.
function useInvalidateAfterStepWrite(serviceId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: serviceKeys.steps(serviceId) }),
      queryClient.invalidateQueries({ queryKey: caseKeys.all }),
    ]);
}

export function useCreateStep(serviceId: number) {
  const invalidate = useInvalidateAfterStepWrite(serviceId);
  return useMutation({
    // The form sends the sequence as typed; the server checks it is a whole number.
    mutationFn: (body: { name: string; sequence: string; description?: string; expected_days?: string }) =>
      adminRequest<Step>(`/api/caseadmin/services/${serviceId}/steps`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteStep(serviceId: number) {
  const invalidate = useInvalidateAfterStepWrite(serviceId);
  return useMutation({
    mutationFn: (stepId: number) => adminRequest<null>(`/api/caseadmin/steps/${stepId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useUpdateStep(serviceId: number) {
  const invalidate = useInvalidateAfterStepWrite(serviceId);
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; description: string; expected_days: string }) =>
      adminRequest<Step>(`/api/caseadmin/steps/${id}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

// ---- Bulk: import, export, move many cases

export function useBulkStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { caseIds: number[]; serviceId: number; newStep: string; notify: boolean }) =>
      adminRequest<BulkStepResponse>('/api/caseadmin/cases/bulk-step', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

/** Takes a bulk move back: every one of its step changes, or none. */
export function useUndoBulkStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stepChangeIds: number[]) =>
      adminRequest<{ message: string }>('/api/caseadmin/step-changes/undo', {
        method: 'POST',
        body: { stepChangeIds },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

export function useImportCases() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      adminRequest<{ imported: number }>('/api/caseadmin/cases/import', { method: 'POST', csv }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

/** Downloads the filtered list as CSV through the browser. */
export async function downloadCasesCsv(query: Omit<CasesListParams, 'page' | 'pageSize'>): Promise<void> {
  const params = new URLSearchParams({ sortBy: query.sortBy, order: query.order });
  if (query.search) params.set('search', query.search);
  if (query.status) params.set('status', query.status);
  if (query.overdue) params.set('overdue', 'true');
  if (query.owner) params.set('owner', query.owner);
  await adminDownload(`/api/caseadmin/cases/export?${params.toString()}`, { fallbackName: 'cases.csv' });
}
