import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CasesOverview,
  CreateCaseBody,
  CreateServiceBody,
  UpdateCaseBody,
  UpdateServiceBody,
} from '../../contracts/cases.js';
import type { TranslatedLanguage } from '../../contracts/case-languages.js';
import {
  CASE_NOTES_PAGE_SIZE,
  SEARCH_NEAR_MATCHES_HEADER,
  TOTAL_COUNT_ESTIMATED_HEADER,
  type CaseSortField,
  type CaseStatus,
  type SortOrder,
} from '../../contracts/cases-constants.js';
import { api, unwrap, unwrapPage } from '../lib/http.js';
import { asFile, download, textBody } from '../lib/http-files.js';
import { adminApi } from './admin-session.js';

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
  /** Only cases with this service (0: any), and with `stepId`, whose service is at that step. */
  serviceId: number;
  stepId: number;
};

const caseKeys = {
  all: ['caseadmin', 'cases'] as const,
  list: (query: CasesListParams) => [...caseKeys.all, 'list', query] as const,
  overview: () => [...caseKeys.all, 'overview'] as const,
  metrics: () => [...caseKeys.all, 'metrics'] as const,
  detail: (id: number) => [...caseKeys.all, 'detail', id] as const,
  notes: (id: number, page: number) => [...caseKeys.all, 'notes', id, page] as const,
};
const serviceKeys = {
  all: ['caseadmin', 'services'] as const,
  steps: (serviceId: number) => [...serviceKeys.all, serviceId, 'steps'] as const,
};

// ---- Login

export const loginAdmin = (email: string, password: string) =>
  unwrap(api.POST('/api/caseadmin/login', { body: { email, password } }));

export const requestAdminPasswordReset = (email: string) =>
  unwrap(api.POST('/api/caseadmin/password-reset', { body: { email } }));
export const resetAdminPassword = (token: string, password: string) =>
  unwrap(api.POST('/api/caseadmin/password-reset/confirm', { body: { token, password } }));

// ---- Dashboard

export const dashboardMetricsQuery = () =>
  queryOptions({
    queryKey: caseKeys.metrics(),
    queryFn: () => unwrap(adminApi.GET('/api/caseadmin/dashboard-metrics')),
  });

/**
 * The cases call without query parameters answers the dashboard's overview (the spec's contract);
 * with any, the list. Each shape has its own call here.
 */
async function fetchCasesOverview(): Promise<CasesOverview> {
  const answer = await unwrap(adminApi.GET('/api/caseadmin/cases'));
  if (Array.isArray(answer)) throw new Error('The cases call without parameters answered a list, not the overview');
  return answer;
}

export const casesOverviewQuery = () => queryOptions({ queryKey: caseKeys.overview(), queryFn: fetchCasesOverview });

export const useDashboardMetrics = () => useQuery(dashboardMetricsQuery());
export const useCasesOverview = () => useQuery(casesOverviewQuery());

// ---- Cases

/** The filters of the list and its export, as the server reads them (empty ones left out). */
const listFilters = (query: Omit<CasesListParams, 'page' | 'pageSize'>) => ({
  search: query.search || undefined,
  status: query.status || undefined,
  sortBy: query.sortBy,
  order: query.order,
  overdue: query.overdue ? ('true' as const) : undefined,
  owner: query.owner || undefined,
  serviceId: query.serviceId > 0 ? query.serviceId : undefined,
  stepId: query.serviceId > 0 && query.stepId > 0 ? query.stepId : undefined,
});

/** A page of the list; the list call always sends its page, so it never answers the overview. */
async function fetchCasesPage(query: CasesListParams, signal: AbortSignal) {
  const call = adminApi.GET('/api/caseadmin/cases', {
    params: { query: { ...listFilters(query), page: query.page, pageSize: query.pageSize } },
    signal,
  });
  const { data, total } = await unwrapPage(call);
  if (!Array.isArray(data)) throw new Error('The cases call with parameters answered the overview, not a list');
  // Nothing matched as typed and the server listed the names one typo away: the page says so.
  const { headers } = (await call).response;
  const nearMatches = headers.get(SEARCH_NEAR_MATCHES_HEADER) === 'true';
  // More matched than the server counts exactly: the total is PostgreSQL's estimate, and the page says so.
  const totalEstimated = headers.get(TOTAL_COUNT_ESTIMATED_HEADER) === 'true';
  return { cases: data, total, totalEstimated, nearMatches };
}

export const casesListQuery = (query: CasesListParams) =>
  queryOptions({
    queryKey: caseKeys.list(query),
    queryFn: ({ signal }) => fetchCasesPage(query, signal),
    placeholderData: keepPreviousData,
  });

export const caseDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: caseKeys.detail(id),
    queryFn: () => unwrap(adminApi.GET('/api/caseadmin/cases/{id}', { params: { path: { id } } })),
  });

export const useCasesList = (query: CasesListParams) => useQuery(casesListQuery(query));
export const useCaseDetails = (id: number) => useQuery(caseDetailsQuery(id));

/** The staff, for choosing a case's owner and filtering by one. */
/** The cases with this passport number (however spaced): the create form warns before a second one. */
export const samePassportQuery = (passportNumber: string) =>
  queryOptions({
    queryKey: [...caseKeys.all, 'same-passport', passportNumber] as const,
    queryFn: () =>
      unwrap(adminApi.GET('/api/caseadmin/cases/same-passport', { params: { query: { passportNumber } } })),
    enabled: passportNumber.trim() !== '',
  });

export const caseAdminsQuery = () =>
  queryOptions({
    queryKey: ['caseadmin', 'admins'] as const,
    queryFn: () => unwrap(adminApi.GET('/api/caseadmin/admins')),
    staleTime: 5 * 60_000,
  });

/** A page of the case's internal notes, newest first. */
export const caseNotesQuery = (caseId: number, page: number) =>
  queryOptions({
    queryKey: caseKeys.notes(caseId, page),
    queryFn: async ({ signal }) => {
      const { data, total } = await unwrapPage(
        adminApi.GET('/api/caseadmin/cases/{id}/notes', {
          params: { path: { id: caseId }, query: { page, pageSize: CASE_NOTES_PAGE_SIZE } },
          signal,
        }),
      );
      return { notes: data, total };
    },
    placeholderData: keepPreviousData,
  });

export function useAddCaseNote(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      unwrap(adminApi.POST('/api/caseadmin/cases/{id}/notes', { params: { path: { id: caseId } }, body: { body } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...caseKeys.all, 'notes', caseId] }),
  });
}

export function useResendTrackerLink(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(adminApi.POST('/api/caseadmin/cases/{id}/tracker-link', { params: { path: { id: caseId } } })),
    // The history gains the sending.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) }),
  });
}

/** Staff's "End applicant sign-ins": the applicant's sessions and unused link end; the history gains the entry. */
export function useEndApplicantSignIns(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(adminApi.DELETE('/api/caseadmin/cases/{id}/applicant-sign-ins', { params: { path: { id: caseId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) }),
  });
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCaseBody) => unwrap(adminApi.POST('/api/caseadmin/cases', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

export function useUpdateCaseServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & UpdateCaseBody) =>
      unwrap(adminApi.PUT('/api/caseadmin/cases/{id}/services', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

export function useDeleteCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(adminApi.DELETE('/api/caseadmin/cases/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

export function useChangeStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseServiceId, newStep, notify }: { caseServiceId: number; newStep: string; notify: boolean }) =>
      unwrap(
        adminApi.PUT('/api/caseadmin/caseservices/{id}/step', {
          params: { path: { id: caseServiceId } },
          body: { newStep, notify },
        }),
      ),
    // A step change moves the case's status and its place among the recently updated.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

export function useUndoStepChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stepChangeId: number) =>
      unwrap(adminApi.POST('/api/caseadmin/step-changes/{id}/undo', { params: { path: { id: stepChangeId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

// ---- Services and steps

/** A step's words in Arabic and Hindi as the forms send them (an empty field removes one). */
type StepTranslationsBody = Partial<Record<TranslatedLanguage, { name?: string; description?: string }>>;

export const servicesQuery = () =>
  queryOptions({ queryKey: serviceKeys.all, queryFn: () => unwrap(adminApi.GET('/api/caseadmin/services')) });

export const useServices = () => useQuery(servicesQuery());

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateServiceBody) => unwrap(adminApi.POST('/api/caseadmin/services', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

/** A service renamed or translated; the cases' lists show its name. */
export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & UpdateServiceBody) =>
      unwrap(adminApi.PATCH('/api/caseadmin/services/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['caseadmin'] }),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(adminApi.DELETE('/api/caseadmin/services/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

export const stepsQuery = (serviceId: number) =>
  queryOptions({
    queryKey: serviceKeys.steps(serviceId),
    queryFn: () =>
      unwrap(adminApi.GET('/api/caseadmin/services/{serviceId}/steps', { params: { path: { serviceId } } })),
  });

export const useSteps = (serviceId: number) => useQuery({ ...stepsQuery(serviceId), enabled: serviceId > 0 });

// Adding or removing a step can move a case's first or last step, and so its status.
function useInvalidateAfterStepWrite(serviceId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: serviceKeys.steps(serviceId) }),
      queryClient.invalidateQueries({ queryKey: caseKeys.all }),
      // A step's translations change what the services list says is missing.
      queryClient.invalidateQueries({ queryKey: serviceKeys.all, exact: true }),
    ]);
}

export function useCreateStep(serviceId: number) {
  const invalidate = useInvalidateAfterStepWrite(serviceId);
  return useMutation({
    // The form sends the sequence as typed; the server checks it is a whole number.
    mutationFn: (body: {
      name: string;
      sequence: string;
      description?: string;
      expected_days?: string;
      translations?: StepTranslationsBody;
    }) => unwrap(adminApi.POST('/api/caseadmin/services/{serviceId}/steps', { params: { path: { serviceId } }, body })),
    onSuccess: invalidate,
  });
}

export function useDeleteStep(serviceId: number) {
  const invalidate = useInvalidateAfterStepWrite(serviceId);
  return useMutation({
    mutationFn: (stepId: number) =>
      unwrap(adminApi.DELETE('/api/caseadmin/steps/{id}', { params: { path: { id: stepId } } })),
    onSuccess: invalidate,
  });
}

export function useUpdateStep(serviceId: number) {
  const invalidate = useInvalidateAfterStepWrite(serviceId);
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: number;
      name: string;
      description: string;
      expected_days: string;
      translations: StepTranslationsBody;
    }) => unwrap(adminApi.PATCH('/api/caseadmin/steps/{id}', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  });
}

/** Every step of the service in its new order (the API numbers them 1, 2, 3…). */
export function useReorderSteps(serviceId: number) {
  const invalidate = useInvalidateAfterStepWrite(serviceId);
  return useMutation({
    mutationFn: (stepIds: number[]) =>
      unwrap(
        adminApi.PUT('/api/caseadmin/services/{serviceId}/steps/order', {
          params: { path: { serviceId } },
          body: { stepIds },
        }),
      ),
    onSuccess: invalidate,
  });
}

// ---- Bulk: import, export, move many cases

export function useBulkStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { caseIds: number[]; serviceId: number; newStep: string; notify: boolean }) =>
      unwrap(adminApi.POST('/api/caseadmin/cases/bulk-step', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

/** Takes a bulk move back: every one of its step changes, or none. */
export function useUndoBulkStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stepChangeIds: number[]) =>
      unwrap(adminApi.POST('/api/caseadmin/step-changes/undo', { body: { stepChangeIds } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

export function useImportCases() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => unwrap(adminApi.POST('/api/caseadmin/cases/import', textBody(csv, 'text/csv'))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

/** Downloads the filtered list as CSV through the browser. */
export const downloadCasesCsv = (query: Omit<CasesListParams, 'page' | 'pageSize'>) =>
  download(
    adminApi.GET('/api/caseadmin/cases/export', { params: { query: listFilters(query) }, ...asFile }),
    'cases.csv',
  );
