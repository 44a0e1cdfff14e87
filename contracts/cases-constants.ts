/** Cases constants without zod: the front end imports them from here, so zod stays on the server. */

export const caseStatuses = ['Under Review', 'In Progress', 'Completed'] as const;
export type CaseStatus = (typeof caseStatuses)[number];

export const caseSortFields = ['createdAt', 'case_number', 'passport_number'] as const;
export const sortOrders = ['DESC', 'ASC'] as const;
