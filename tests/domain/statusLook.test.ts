import { describe, expect, it } from 'vitest';
import { statusLook } from '../../src/domain/status/statusLook.ts';

describe('status colours (part 2 §4)', () => {
  it.each([
    ['UNPROCESSED', 'grey', false],
    ['CREATED', 'grey', false],
    ['PRE-UNLOADED', 'grey', false],
    ['RUNNING', 'yellow', false],
    ['PROGRESS', 'yellow', false],
    ['ONGOING', 'yellow', false],
    ['DONE', 'blue-grey', false],
    ['COMPLETED', 'green', false],
    ['INCOMPLETE', 'grey', false],
    ['ERROR', 'red', false],
    ['WARNING', 'orange', false],
    ['DELETED', 'grey', true],
    ['completed', 'green', false],
    ['Ready To Start', 'grey', false],
    ['SOMETHING-ELSE', 'grey', true],
  ])('%s looks %s (faded: %s)', (status, tone, faded) => {
    expect(statusLook(status)).toEqual({ tone, faded });
  });
});
