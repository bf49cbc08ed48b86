import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { createSession } from '../../../server/auth/sessions.ts';
import { loadConfig } from '../../../server/config.ts';
import type { DatabaseHandle } from '../../../server/db/connection.ts';
import { createWorkspace, withWorkspaceWrite } from '../../../server/db/revisions.ts';
import { startChangeBus, type ChangeBus } from '../../../server/sync/changeBus.ts';
import type { SyncedCollection } from '../../../src/domain/sync/collections.ts';
import type { PullResponse, ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { migrateTestDatabase, openTestDatabase } from '../../server/helpers/databases.ts';

export const CHAOS_WS = 'ws-chaos';
export const CHAOS_TICKETS = ['tck-chaos-1', 'tck-chaos-2', 'tck-chaos-3', 'tck-chaos-4'];
export type ChaosUser = { userId: string; name: string; token: string };

/**
 * A small workspace (two agents, an administrator, one team, four tickets with cases) on a real server that
 * can be restarted on the same port. Small on purpose: fake-indexeddb is slow, and the chaos test is about
 * the protocol, not volume.
 */
export class ChaosWorld {
  handle!: DatabaseHandle;
  private changeBus!: ChangeBus;
  private app: FastifyInstance | null = null;
  port = 0;
  agents: ChaosUser[] = [];
  admin!: ChaosUser;

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.handle = await openTestDatabase('pglite');
    await migrateTestDatabase(this.handle);
    this.changeBus = await startChangeBus(this.handle);
    await this.seed();
    await this.startServer();
  }

  async startServer(): Promise<void> {
    const config = loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: './.tmp/no-build' });
    this.app = await buildApp({ db: this.handle.db, backend: this.handle.backend, config, logger: false, changeBus: this.changeBus });
    const address = await this.app.listen({ port: this.port, host: '127.0.0.1' });
    this.port = Number(new URL(address).port);
  }

  async restartServer(): Promise<void> {
    await this.app?.close();
    this.app = null;
    await this.startServer();
  }

  async stop(): Promise<void> {
    await this.app?.close();
    await this.changeBus.stop();
    await this.handle.close();
  }

  /** A change made by the administrator's own browser, straight to the server. */
  async adminMutation(name: string, ticketId: string, id: string): Promise<void> {
    await fetchWithRetry(`${this.baseUrl}/sync/mutations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'chaos-admin', mutations: [{ id: `admin-${id}`, name, args: { ticketId }, at: Date.now() }] }),
    });
  }

  /** What the server shows a user in a collection, pulled fresh from the beginning. */
  async projection(user: ChaosUser, collection: SyncedCollection): Promise<Map<string, ReplicaDoc>> {
    const docs = new Map<string, ReplicaDoc>();
    let checkpoint: PullResponse['checkpoint'] | undefined;
    for (;;) {
      const query = new URLSearchParams({ collection, limit: '1000', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
      const response = await fetchWithRetry(`${this.baseUrl}/sync/pull?${query}`, { headers: { authorization: `Bearer ${user.token}` } });
      const page = (await response.json()) as PullResponse;
      for (const doc of page.documents) {
        if (doc.deleted) docs.delete(doc.id);
        else docs.set(doc.id, doc);
      }
      checkpoint = page.checkpoint;
      if (page.documents.length < 1000) return docs;
    }
  }

  /** Every ticket back to open and unassigned, so each run starts from the same state. */
  async reset(): Promise<void> {
    await withWorkspaceWrite(this.handle.db, CHAOS_WS, (tx, rev) =>
      tx
        .updateTable('tickets')
        .set({ status: 'unassigned', state: 'open', exit: null, assignee_user_id: null, assignee_member_id: null, claimed_at: null, resolved_at: null, resolved_by_user_id: null, data: {}, team_id: 'team-chaos', rev })
        .where('workspace_id', '=', CHAOS_WS)
        .execute(),
    );
  }

  private async seed(): Promise<void> {
    const db = this.handle.db;
    await createWorkspace(db, { id: CHAOS_WS, name: 'Chaos' });
    const people = [
      { id: 'usr-chaos-a', name: 'Alma Chaos', role: 'NORMAL' as const },
      { id: 'usr-chaos-b', name: 'Bruno Chaos', role: 'NORMAL' as const },
      { id: 'usr-chaos-admin', name: 'Carla Chaos', role: 'ADMIN' as const },
    ];
    await withWorkspaceWrite(db, CHAOS_WS, async (tx, rev) => {
      const base = { workspace_id: CHAOS_WS, rev };
      await tx.insertInto('users').values(people.map((p) => ({ ...base, id: p.id, name: p.name, username: `${p.id}@chaos.local`, email: `${p.id}@chaos.local`, role: p.role, password_hash: 'unused', enabled_modules: [{ id: 'HUMAN INTERFACE' }], rights: [] }))).execute();
      await tx.insertInto('members').values(people.map((p) => ({ ...base, id: `mbr-${p.id}`, name: p.name, email: `${p.id}@chaos.local`, user_id: p.id }))).execute();
      await tx.insertInto('teams').values([{ ...base, id: 'team-chaos', name: 'Chaos team' }, { ...base, id: 'team-chaos-2', name: 'Second team' }]).execute();
      await tx.insertInto('team_members').values(people.flatMap((p) => ['team-chaos', 'team-chaos-2'].map((team) => ({ ...base, id: `tm-${team}-${p.id}`, team_id: team, member_id: `mbr-${p.id}` })))).execute();
      await tx.insertInto('case_types').values({ ...base, id: 'ct-chaos', code: 'CHAOS', description: 'Chaos' }).execute();
      await tx.insertInto('cases').values(CHAOS_TICKETS.map((id) => ({ ...base, id: `case-${id}`, case_type_id: 'ct-chaos', description: id }))).execute();
      await tx
        .insertInto('tickets')
        .values(CHAOS_TICKETS.map((id) => ({ ...base, id, case_id: `case-${id}`, team_id: 'team-chaos', operation: id, sla_seconds: 3600, due_at: new Date(Date.now() + 3_600_000) })))
        .execute();
    });
    const tokens = await Promise.all(people.map((p) => createSession(db, { id: p.id, workspace_id: CHAOS_WS }, 24 * 3600, 'chaos')));
    const users = people.map((p, i) => ({ userId: p.id, name: p.name, token: tokens[i]!.token }));
    this.agents = users.slice(0, 2);
    this.admin = users[2]!;
  }
}

/** The harness's own calls: a pooled connection to a server that was just restarted fails once; try again. */
async function fetchWithRetry(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
