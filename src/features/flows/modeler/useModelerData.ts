import { useMemo } from 'react';
import { useQuery } from '../../../data/replica.ts';
import type { TemplateInfo } from '../../../domain/engine/flowValidation.ts';
import type { NodeTemplateDoc, TeamDoc } from '../../../domain/sync/documents.gen.ts';
import type { Option } from './StageSettingsForm.tsx';

export type ModelerData = { teams: Option[]; hiTemplates: Option[]; templates: ReadonlyMap<string, TemplateInfo>; loading: boolean };

/**
 * What the stage forms choose from: the workspace's teams and node templates (forms), from the replica. The
 * screen asks for them beside the flow itself, and draws the canvas once both are here: a canvas drawn before
 * the templates arrive would be validated twice and every human-interface stage redrawn.
 */
export function useModelerData(): ModelerData {
  const { docs, loading } = useQuery('config', { selector: { kind: { $in: ['team', 'nodeTemplate'] } } });
  return useMemo(() => {
    const live = docs.filter((d) => !d.deleted);
    const teams = (live.filter((d) => d.kind === 'team') as TeamDoc[]).map((team) => ({ value: team.id, label: team.name })).sort((a, b) => a.label.localeCompare(b.label));
    const nodeTemplates = live.filter((d) => d.kind === 'nodeTemplate') as NodeTemplateDoc[];
    const hiTemplates = nodeTemplates
      .filter((tpl) => tpl.nodeType === 'human-interface')
      .map((tpl) => ({ value: tpl.id, label: tpl.name }))
      .sort((a, b) => a.label.localeCompare(b.label));
    const templates = new Map<string, TemplateInfo>(nodeTemplates.map((tpl) => [tpl.id, { nodeType: tpl.nodeType, config: tpl.config }]));
    return { teams, hiTemplates, templates, loading };
  }, [docs, loading]);
}
