import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowStage } from '../../../src/domain/engine/flowGraph.ts';
import { testBackends } from '../helpers/databases.ts';
import { pushMutations } from '../helpers/mutationClient.ts';
import { createEngineTest, stage, type EngineTest } from './engineHarness.ts';

const backends = await testBackends();
const TEMPLATE_ID = 'tpl-demo-claim-review';

const graph: FlowStage[] = [
  stage('start', 'start', ['review']),
  { ...stage('review', 'human-interface', ['end'], { teamId: 'team-demo-claims', slaSeconds: 3600 }), templateId: TEMPLATE_ID },
  stage('end', 'end'),
];

describe.each(backends)('node template versions and the tickets made from them on %s', (backend) => {
  let e: EngineTest;
  beforeAll(async () => {
    e = await createEngineTest(backend);
  });
  afterAll(async () => {
    await e?.close();
  });

  const db = () => e.t.handle.db;
  const template = () => db().selectFrom('node_templates').selectAll().where('id', '=', TEMPLATE_ID).executeTakeFirstOrThrow();
  const history = () => db().selectFrom('node_template_versions').select(['version', 'template', 'pages']).where('template_id', '=', TEMPLATE_ID).orderBy('version').execute();
  const ticketOf = (instanceId: string) => db().selectFrom('tickets').select(['template', 'template_version']).where('instance_id', '=', instanceId).executeTakeFirstOrThrow();
  const save = async (changes: { template?: string; config?: object; description?: string }) => {
    const current = await template();
    const args = {
      id: current.id,
      name: current.name,
      caseTypeId: current.case_type_id,
      nodeType: current.node_type,
      description: changes.description ?? current.description,
      config: changes.config ?? current.config,
      template: changes.template ?? current.template,
    };
    const [outcome] = await pushMutations(e.t, e.admin, 'client-builder', [{ id: randomUUID(), name: 'template.update', args }]);
    expect(outcome).toMatchObject({ status: 'applied' });
    return template();
  };

  it('a ticket made before a save keeps the old text and version; one made after holds the new ones', async () => {
    const { webhookId, token } = await e.flowApp(graph, 'Template versions');
    const engine = e.engine();
    const before = await template();
    expect(before.version).toBe(1);

    const first = (await e.hook(webhookId, token, { email: 'before@example.com' })).json().instanceId as string;
    await engine.drain();
    expect(await ticketOf(first)).toEqual({ template: before.template, template_version: 1 });

    const pages = [
      { id: 1, name: 'Welcome', isStart: true, isEnd: false },
      { id: 2, name: 'Details', isStart: false, isEnd: false },
      { id: 3, name: 'Review', isStart: false, isEnd: true },
    ];
    const saved = await save({ template: '<form><h1>Claim review, second version</h1></form>', config: { ...(before.config as object), pages } });
    expect(saved.version).toBe(2);

    const second = (await e.hook(webhookId, token, { email: 'after@example.com' })).json().instanceId as string;
    await engine.drain();
    expect(await ticketOf(second)).toEqual({ template: '<form><h1>Claim review, second version</h1></form>', template_version: 2 });
    expect(await ticketOf(first)).toEqual({ template: before.template, template_version: 1 });

    expect(await history()).toEqual([
      { version: 1, template: before.template, pages: [{ id: 1, name: 'Review', isStart: true, isEnd: true }] },
      { version: 2, template: '<form><h1>Claim review, second version</h1></form>', pages },
    ]);
  });

  it('reordering the pages makes a new version; a save that changes neither text nor pages keeps it', async () => {
    const current = await template();
    const config = current.config as { pages: { name: string }[] };
    const reordered = await save({ config: { ...config, pages: [...config.pages].reverse() } });
    expect(reordered.version).toBe(current.version + 1);
    const described = await save({ description: 'Reworded only' });
    expect(described).toMatchObject({ version: current.version + 1, description: 'Reworded only' });
    expect((await history()).map((h) => h.version)).toEqual([1, 2, 3]);
  });
});
