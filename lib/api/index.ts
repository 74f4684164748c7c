// Pages import address.ts and errors.ts directly: this file brings in the client, and with it zod.
export { createReportsApi, type ListParams, type ReportsApi, type ReportsApiOptions } from '@/lib/api/client';
export { ApiError, type ApiErrorData, type ApiErrorKind } from '@/lib/api/errors';
export type { RetryPolicy } from '@/lib/api/http';
export type { Account, DeleteResult, Report, ReportCheck, ReportOutcomes, ReportPage } from '@/lib/api/schemas';
