// Pages import address.ts and errors.ts directly: this file brings in the client, and with it zod.
export { createReportsApi, type ListParams, type ReportsApi, type ReportsApiOptions } from './client';
export { ApiError, type ApiErrorData, type ApiErrorKind } from './errors';
export type { RetryPolicy } from './http';
export type { Account, DeleteResult, Report, ReportCheck, ReportPage } from './schemas';
