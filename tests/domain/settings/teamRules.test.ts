import { describe, expect, it } from 'vitest';
import { channelList, channelsOf, createTeamArgs, membershipChanges, peopleFilter, redThreshold, yellowThreshold } from '../../../src/domain/settings/teamRules.ts';

describe('team rules (part 1 §5, §9)', () => {
  it('yellow takes 0 to 100, anything else falls back to 50', () => {
    expect([0, 10, 100, '35', ' 60 '].map(yellowThreshold)).toEqual([0, 10, 100, 35, 60]);
    expect([101, -1, 12.5, '', 'ten', null, undefined].map(yellowThreshold)).toEqual([50, 50, 50, 50, 50, 50, 50]);
  });

  it('red takes 0 to 75: 120 is corrected to 75, as is anything out of range or empty', () => {
    expect([0, 20, 75, '40'].map(redThreshold)).toEqual([0, 20, 75, 40]);
    expect([120, 76, -5, '', 'x', null].map(redThreshold)).toEqual([75, 75, 75, 75, 75, 75]);
  });

  it('channels keep the spec order and drop unknown names', () => {
    expect(channelList(['slack', 'sms', 'email'])).toBe('sms,email,slack');
    expect(channelsOf('slack, email,fax')).toEqual(['email', 'slack']);
  });

  it('the form args normalise thresholds and empty texts, and refuse a missing name or colour outside color1–color6', () => {
    const parsed = createTeamArgs.parse({ teamId: 'team-12345678', name: ' Night shift ', lightYellow: '', lightRed: 120, webhookEmail: '', slackLink: '  ' });
    expect(parsed).toMatchObject({ name: 'Night shift', lightYellow: 50, lightRed: 75, webhookEmail: null, slackLink: null, color: 'color1', engineId: null, notifyChannels: [] });
    expect(createTeamArgs.safeParse({ teamId: 'team-12345678', name: '  ' }).error?.issues[0]?.message).toBe('Required');
    expect(createTeamArgs.safeParse({ teamId: 'team-12345678', name: 'A', color: 'color7' }).success).toBe(false);
    expect(createTeamArgs.safeParse({ teamId: 'team-12345678', name: 'A', webhookEmail: 'not an address' }).error?.issues[0]?.message).toBe('Enter a valid e-mail address');
  });

  it('membership changes are the difference between the links and the members wanted', () => {
    const links = [{ linkId: 'l1', memberId: 'm1' }, { linkId: 'l2', memberId: 'm2' }];
    expect(membershipChanges(links, ['m2', 'm3'])).toEqual({ add: ['m3'], remove: ['l1'] });
    expect(membershipChanges(links, ['m1', 'm2'])).toEqual({ add: [], remove: [] });
    expect(membershipChanges([], [])).toEqual({ add: [], remove: [] });
  });
});

describe('team rules against odd input', () => {
  it('a threshold is digits only, a Slack link is http(s), channels are counted once', () => {
    expect(['1e2', '0x10', '12.5', '0b11'].map(yellowThreshold)).toEqual([50, 50, 50, 50]);
    expect(createTeamArgs.safeParse({ teamId: 'team-12345678', name: 'A', slackLink: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe('Enter a link starting with https://');
    expect(createTeamArgs.parse({ teamId: 'team-12345678', name: 'A', notifyChannels: ['sms', 'sms', 'email'] }).notifyChannels).toEqual(['sms', 'email']);
  });
});

describe("a team's people filter (part 1 §9: up to 5 initials buttons)", () => {
  it('shows the first five and counts the rest', () => {
    expect(peopleFilter(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(peopleFilter(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], more: 0 });
    expect(peopleFilter(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], more: 2 });
    expect(peopleFilter([])).toEqual({ shown: [], more: 0 });
  });
});
