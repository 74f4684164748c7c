import { browser } from 'wxt/browser';
import { createReportsApi, type Account } from '@/lib/api';
import { ApiError } from '@/lib/api/errors';
import { normaliseBaseUrl } from '@/lib/api/service-address';
import { announce } from '@/lib/background/connection';
import type { RequestOf, Run, ServicesView, Watch } from '@/lib/protocol';
import { cleanKey, keyForOtherAddress, keyProblem, missingKey } from '@/lib/shared/api-key';
import { t } from '@/lib/shared/i18n';
import { originPattern } from '@/lib/shared/permission';
import { SERVICES_MAX } from '@/lib/shared/service-bounds';
import {
  changeTimeAfter,
  keepRemovedServices,
  readService,
  readServiceList,
  removeService,
  runs,
  settingsSync,
  watches,
  writeDefaultServiceId,
  writeService,
  type ServiceList,
} from '@/lib/storage';

/**
 * The named services as the options page manages them: listed without their keys, added or changed
 * once their account answers, made the default, and removed with their key. Work still going to a
 * service is never dropped unasked nor sent to another.
 */

const originOf = (baseUrl: string) => new URL(baseUrl).origin;

/**
 * The name service `id` (absent or null: the default) is shown under where there are several to tell apart, "(removed
 * service)" when it is gone; null where there is one service or none, so nothing is named.
 */
export function shownServiceName({ services, defaultId }: ServiceList, id?: string | null): string | null {
  if (services.length < 2) return null;
  const wanted = id ?? defaultId;
  return services.find((service) => service.id === wanted)?.name ?? t('serviceGoneName');
}

export async function servicesView(): Promise<ServicesView> {
  const { services, defaultId } = await readServiceList();
  const withKeys = await Promise.all(services.map((service) => readService(service.id)));
  return {
    services: services.map((service, i) => {
      const apiKey = withKeys[i]?.apiKey ?? '';
      return { ...service, keySet: apiKey !== '', keyHint: apiKey ? apiKey.slice(-4) : null };
    }),
    defaultId,
    max: SERVICES_MAX,
  };
}

function serviceGone(): ApiError {
  return new ApiError({ kind: 'extension', message: t('errorServiceGone') });
}

/** Proves a new or changed service with its account before keeping it: a refused one changes nothing. */
export async function saveService(request: RequestOf<'saveService'>): Promise<{ view: ServicesView; account: Account }> {
  const baseUrl = normaliseBaseUrl(request.baseUrl);
  const typed = cleanKey(request.apiKey ?? '');
  const existing = request.id ? await readService(request.id) : null;
  if (request.id && !existing) throw serviceGone();
  if (!existing && (await readServiceList()).services.length >= SERVICES_MAX) {
    throw new ApiError({ kind: 'validation', message: t('servicesFull', { max: SERVICES_MAX }) });
  }
  // A saved key goes only to the origin it was saved for: another address needs it typed again.
  const kept = existing?.apiKey && originOf(existing.service.baseUrl) === originOf(baseUrl) ? existing.apiKey : '';
  const apiKey = typed || kept;
  const problem = typed
    ? keyProblem(typed)
    : apiKey
      ? null
      : existing?.apiKey
        ? keyForOtherAddress(new URL(existing.service.baseUrl).host, new URL(baseUrl).host)
        : missingKey();
  if (problem) throw new ApiError({ kind: 'validation', message: problem, fields: { apiKey: [apiKey ? problem : t('keyMissingShort')] } });
  if (!(await browser.permissions.contains({ origins: [originPattern(baseUrl)] }))) {
    throw new ApiError({ kind: 'permission-missing', message: t('errorPermissionMissing', { host: new URL(baseUrl).host }) });
  }
  const account = await createReportsApi({ baseUrl, apiKey }).getAccount();
  await writeService({
    ...(existing ? { id: existing.service.id } : {}),
    name: request.name,
    baseUrl,
    apiKey,
    keyForSessionOnly: request.keyForSessionOnly,
  });
  return { view: await servicesView(), account };
}

/** Whether a run or a watch goes to the service: those kept by versions before named services go to the default. */
const goesTo = (entry: { service?: string }, id: string, defaultId: string | null) => (entry.service ?? defaultId) === id;
const underWay = (run: Run) => run.state === 'running';

/** The runs, queued reports and watches still going to a service. */
export async function workOf(id: string, defaultId: string | null): Promise<number> {
  const [list, watched] = await Promise.all([runs.read(), watches.read()]);
  return list.filter((run) => underWay(run) && goesTo(run, id, defaultId)).length + watched.filter((watch) => goesTo(watch, id, defaultId)).length;
}

/**
 * Removes a service and its key. With work still going to it and no `cancelWork`, nothing changes and
 * the answer says how much work there is, for the user to choose; with `cancelWork`, its queued reports
 * and watches go, and its runs stop, saying why.
 */
export async function removeServiceAsked({
  id,
  cancelWork,
}: RequestOf<'removeService'>): Promise<{ view: ServicesView; removed: boolean; workLeft: number }> {
  const { services, defaultId } = await readServiceList();
  const service = services.find((entry) => entry.id === id);
  if (!service) throw serviceGone();
  const workLeft = await workOf(id, defaultId);
  if (workLeft > 0 && !cancelWork) return { view: await servicesView(), removed: false, workLeft };
  if (workLeft > 0) {
    const reason = t('errorServiceGone');
    await runs.update((list) =>
      list.flatMap((run) => {
        if (!goesTo(run, id, defaultId) || !underWay(run)) return [run];
        if (run.queued || run.watch !== undefined) return [];
        return [{ ...run, state: 'stopped' as const, stopReason: reason }];
      }),
    );
    await watches.update((list: Watch[]) => list.filter((watch) => !goesTo(watch, id, defaultId)));
    announce('watches');
  }
  // With sync on, the removal travels in this browser's copy, and the account's other browsers remove the service too.
  const sync = await settingsSync.read();
  if (sync.enabled) await keepRemovedServices([{ id, baseUrl: service.baseUrl, removedAt: changeTimeAfter(sync) }]);
  await removeServiceAndPermission(id);
  return { view: await servicesView(), removed: true, workLeft: 0 };
}

/** Removes a service and its key, and the browser's permission for its origin unless another service still needs it. */
export async function removeServiceAndPermission(id: string): Promise<void> {
  const { services } = await readServiceList();
  const service = services.find((entry) => entry.id === id);
  if (!service) return;
  await removeService(id);
  const pattern = originPattern(service.baseUrl);
  if (!services.some((other) => other.id !== id && originPattern(other.baseUrl) === pattern)) {
    await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
  }
}

export async function setDefaultService(id: string): Promise<ServicesView> {
  if (!(await readServiceList()).services.some((entry) => entry.id === id)) throw serviceGone();
  await writeDefaultServiceId(id);
  return servicesView();
}
