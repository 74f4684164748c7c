import { asApiError, isServiceAway, type ApiErrorData, type ApiErrorKind } from '@/lib/api/errors';
import { t } from '@/lib/shared/i18n';

/**
 * How a page presents a typed error: the message as is, per-field messages
 * beside the fields they concern, and the one next step that can help.
 */

export type ErrorAction = 'retry' | 'options' | 'permission' | null;

export interface ErrorView {
  message: string;
  /** Messages for fields the form shows, keyed by field name. */
  fields: Record<string, string>;
  /** Messages about fields the form does not show; they go with the main message. */
  otherFields: string[];
  action: ErrorAction;
  retryAfterSeconds: number | null;
  /** The service is away: the report can wait in the queue until it is back. */
  queueable: boolean;
  /**
   * The words are the service's own (a refused request answered over HTTP): shown as it sent them, in its
   * language, and labelled as coming from it. The extension's own checks of a form carry no status.
   */
  fromService: boolean;
}

const ACTIONS: Record<ApiErrorKind, ErrorAction> = {
  'invalid-address': 'options',
  'insecure-address': 'options',
  unauthorized: 'options',
  forbidden: 'options',
  'not-the-api': 'options',
  // Far larger than any answer of the service: most likely the address of something else.
  'too-large': 'options',
  'not-connected': 'options',
  'permission-missing': 'permission',
  network: 'retry',
  timeout: 'retry',
  'server-error': 'retry',
  'rate-limited': 'retry',
  'invalid-response': 'retry',
  interrupted: 'retry',
  extension: 'retry',
  'not-found': null,
  validation: null,
  'quota-exceeded': null,
};

/**
 * `shownFields` are the field names the form can place a message beside.
 * Field messages count only for a refused request ('validation'): a quota
 * answer also names `url`, but the address is not what is wrong. The
 * client words a refusal as its field messages joined, so when every one of
 * them sits beside its field the main message says only what happened.
 */
export function errorView(error: ApiErrorData, shownFields: readonly string[]): ErrorView {
  const fields: Record<string, string> = {};
  const otherFields: string[] = [];
  let message = error.message;
  if (error.kind === 'validation' && error.fields) {
    const entries = Object.entries(error.fields).filter(([, messages]) => messages.length > 0);
    for (const [name, messages] of entries) {
      if (shownFields.includes(name)) fields[name] = messages.join(' ');
    }
    const unplaced = entries.filter(([name]) => !shownFields.includes(name)).flatMap(([, messages]) => messages);
    const joined = entries.flatMap(([, messages]) => messages).join(' ');
    if (Object.keys(fields).length > 0 && message === joined) {
      message = unplaced.length > 0 ? unplaced.join(' ') : t('errorRefused');
    } else {
      otherFields.push(...unplaced.filter((m) => !message.includes(m)));
    }
  }
  const seconds = error.retryAfterSeconds;
  return {
    message,
    fields,
    otherFields,
    action: ACTIONS[error.kind] ?? null,
    retryAfterSeconds: typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null,
    queueable: isServiceAway(error),
    fromService: error.kind === 'validation' && error.status !== undefined,
  };
}

/** What a page's request failed with, as data: anything but a typed error is the extension's own fault, worded by `message`. */
export function errorData(error: unknown, message?: string): ApiErrorData {
  return asApiError(error, message).toJSON();
}
