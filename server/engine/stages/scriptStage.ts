import { exportedOnly } from '../instanceModel.ts';
import { runScript } from './scriptSandbox.ts';
import { numberOr, objectOf, stringOr, type StageHandler } from './stageTypes.ts';

/** Runs the node template's script on the instance's values; what it returns (limited to exported_values) is merged. */
export const scriptStage: StageHandler = async (run, deps) => {
  const source = stringOr(run.config.script, '');
  if (!source.trim()) return { kind: 'fail', error: `Script stage '${run.stage.key}' has no script` };
  const general = objectOf(run.config.general);
  // A template may ask for less time than the engine allows, never more.
  const timeMs = Math.min(deps.settings.scriptTimeMs, Math.max(1, numberOr(general.timeoutMs, deps.settings.scriptTimeMs)));
  const outcome = await runScript(source, run.values, { timeMs, memoryBytes: deps.settings.scriptMemoryBytes });
  if (!outcome.ok) return { kind: 'fail', error: outcome.error, parameters: { elapsedMs: outcome.elapsedMs } };
  const exported = exportedOnly(outcome.result, run.config.exported_values);
  return { kind: 'advance', exported, parameters: { ...exported, elapsedMs: outcome.elapsedMs } };
};
