export { apiUrl, normaliseBaseUrl, reportWebUrl } from './address';
export { createReportsApi, type ListParams, type ReportsApi, type ReportsApiOptions } from './client';
export { API_ERROR_KINDS, ApiError, isApiError, isApiErrorKind, type ApiErrorData, type ApiErrorKind } from './errors';
export type { RetryPolicy } from './http';
export type { Account, DeleteResult, Report, ReportCheck, ReportPage } from './schemas';
