import { useMemo } from 'react';
import { useQuery, useSyncStatus } from '../../data/replica.ts';
import type { AppDoc, CalendarDoc, EngineDoc, EngineUserDoc, EventDoc, FlowDoc, UserDoc, WebhookDoc } from '../../domain/sync/documents.gen.ts';

export type AppsData = {
  /** True until the replica answers (and, on a new device, until the config documents have arrived). */
  loading: boolean;
  /** Nothing on this device and the server cannot be reached: the list shows its error with Retry. */
  failed: boolean;
  apps: AppDoc[];
  engines: EngineDoc[];
  calendars: CalendarDoc[];
  flows: FlowDoc[];
  engineUsers: EngineUserDoc[];
  appById: (id: string) => AppDoc | undefined;
  engineName: (id: string) => string | null;
  ownerName: (id: string) => string | null;
  eventsOf: (appId: string) => EventDoc[];
  webhookById: (id: string | null) => WebhookDoc | undefined;
};

const KINDS = ['app', 'event', 'webhook', 'engine', 'engineUser', 'calendar', 'flow', 'user'];
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * The apps screens' documents from the replica's config collection (read by its `kind` index): apps, their
 * events and webhooks, and what the forms pick from. Config is small (a workspace's settings), so one query
 * serves the list, the edit screen and the forms, and every change shows at once.
 */
export function useAppsData(): AppsData {
  const { docs, loading } = useQuery('config', { selector: { kind: { $in: KINDS } } });
  const status = useSyncStatus();
  const configArrived = status.loaded === null || status.loaded.includes('config');
  return useMemo(() => {
    const live = docs.filter((doc) => !doc.deleted);
    const of = <D,>(kind: string) => live.filter((doc) => doc.kind === kind) as D[];
    const apps = of<AppDoc>('app').sort(byName);
    const events = of<EventDoc>('event').sort((a, b) => a.createdAt - b.createdAt || a.name.localeCompare(b.name));
    const engines = of<EngineDoc>('engine').sort(byName);
    const users = new Map(of<UserDoc>('user').map((user) => [user.id, user.name]));
    const webhooks = new Map(of<WebhookDoc>('webhook').map((hook) => [hook.id, hook]));
    const appsById = new Map(apps.map((app) => [app.id, app]));
    const empty = apps.length === 0;
    return {
      loading: loading || (empty && !configArrived && status.problem === null),
      failed: !loading && empty && !configArrived && status.problem !== null,
      apps,
      engines,
      calendars: of<CalendarDoc>('calendar').sort(byName),
      flows: of<FlowDoc>('flow').sort(byName),
      engineUsers: of<EngineUserDoc>('engineUser'),
      appById: (id) => appsById.get(id),
      engineName: (id) => engines.find((engine) => engine.id === id)?.name ?? null,
      ownerName: (id) => users.get(id) ?? null,
      eventsOf: (appId) => events.filter((event) => event.appId === appId),
      webhookById: (id) => (id === null ? undefined : webhooks.get(id)),
    };
  }, [docs, loading, configArrived, status.problem]);
}
