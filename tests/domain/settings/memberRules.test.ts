import { describe, expect, it } from 'vitest';
import { createMemberArgs, deleteMemberArgs, emailTakenBy, isSlackRef, memberFieldErrors, teamChanges } from '../../../src/domain/settings/memberRules.ts';

describe('member rules (part 1 §2 member form, §3 fields)', () => {
  it('the form args trim the texts and turn an empty Slack id into none', () => {
    expect(createMemberArgs.parse({ memberId: 'mbr-12345678', name: ' Ana Ruiz ', email: ' ana@demo.local ', slackLink: '  ' })).toEqual({
      memberId: 'mbr-12345678',
      name: 'Ana Ruiz',
      email: 'ana@demo.local',
      slackLink: null,
    });
  });

  it.each([
    ['a blank name', { name: '  ', email: 'a@b.co', slackLink: '' }, { name: 'Required' }],
    ['a missing e-mail', { name: 'Ana', email: '', slackLink: '' }, { email: 'Required' }],
    ['a malformed e-mail', { name: 'Ana', email: 'ana@', slackLink: '' }, { email: 'Please input a well formatted email' }],
    ['a Slack value with a space', { name: 'Ana', email: 'a@b.co', slackLink: 'U01 23' }, { slackLink: 'Enter a Slack member id (such as U0123ABCD) or a link starting with https://' }],
    ['a 101-character name', { name: 'n'.repeat(101), email: 'a@b.co', slackLink: '' }, { name: 'The name is too long (at most 100 characters)' }],
    ['nothing wrong', { name: 'Ana', email: 'a@b.co', slackLink: 'U0123ABCD' }, {}],
  ])('%s gives the message under its field', (_label, values, errors) => {
    expect(memberFieldErrors(values)).toEqual(errors);
  });

  it('a Slack reference is a member id or an http(s) link, never a script', () => {
    expect(['U0123ABCD', 'W01ABC', 'https://slack.example.com/team/ana'].map(isSlackRef)).toEqual([true, true, true]);
    expect(['javascript:alert(1)', 'U', 'ana lopez', 'ftp://x'].map(isSlackRef)).toEqual([false, false, false, false]);
  });

  it('an e-mail is taken when another member has it, whatever its case; the member edited keeps its own', () => {
    const members = [
      { id: 'm1', email: 'Sam.Patel@demo.local' },
      { id: 'm2', email: 'lena@demo.local' },
    ];
    expect(emailTakenBy(members, ' sam.patel@DEMO.local', null)?.id).toBe('m1');
    expect(emailTakenBy(members, 'sam.patel@demo.local', 'm1')).toBeUndefined();
    expect(emailTakenBy(members, 'new@demo.local', null)).toBeUndefined();
  });

  it('team changes are the difference between the member’s links and the teams wanted', () => {
    const links = [
      { linkId: 'l1', teamId: 't1' },
      { linkId: 'l2', teamId: 't2' },
    ];
    expect(teamChanges(links, ['t2', 't3'])).toEqual({ add: ['t3'], remove: ['l1'] });
    expect(teamChanges(links, [])).toEqual({ add: [], remove: ['l1', 'l2'] });
  });

  it('a delete without link ids is a delete of the member alone', () => {
    expect(deleteMemberArgs.parse({ memberId: 'mbr-demo-sam' })).toEqual({ memberId: 'mbr-demo-sam', linkIds: [] });
    expect(deleteMemberArgs.safeParse({ memberId: '../x' }).success).toBe(false);
  });
});
