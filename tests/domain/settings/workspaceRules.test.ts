import { describe, expect, it } from 'vitest';
import {
  chatLinkTarget,
  checkChatLink,
  checkDashboardUrl,
  externalFrameSandbox,
  updateWorkspaceArgs,
  WORKSPACE_MESSAGES,
  workspaceFieldsSchema,
  workspaceFormErrors,
} from '../../../src/domain/settings/workspaceRules.ts';

describe('workspace settings rules (part 1 §2, §3)', () => {
  it.each([
    ['https://bi.example/dashboards/7?kiosk=1', 'https://bi.example/dashboards/7?kiosk=1'],
    ['  HTTPS://BI.example/x  ', 'HTTPS://BI.example/x'],
    ['http://localhost:3000/d', 'http://localhost:3000/d'],
    ['http://127.0.0.1:4313/external-demo.html', 'http://127.0.0.1:4313/external-demo.html'],
    ['http://[::1]:8080/', 'http://[::1]:8080/'],
  ])('the external dashboard URL %s is accepted as %s', (typed, kept) => {
    expect(checkDashboardUrl(typed)).toEqual({ ok: true, value: kept });
  });

  it.each([
    ['http on a real host', 'http://bi.example/d', WORKSPACE_MESSAGES.dashboardInvalid],
    ['no scheme', 'bi.example/d', WORKSPACE_MESSAGES.dashboardInvalid],
    ['javascript:', 'javascript:alert(1)', WORKSPACE_MESSAGES.dashboardInvalid],
    ['data:', 'data:text/html,<p>x</p>', WORKSPACE_MESSAGES.dashboardInvalid],
    ['a space inside', 'https://bi.example/a b', WORKSPACE_MESSAGES.dashboardInvalid],
    ['credentials', 'https://user:pw@bi.example/', WORKSPACE_MESSAGES.dashboardCredentials],
    ['2001 characters', `https://bi.example/${'a'.repeat(1982)}`, WORKSPACE_MESSAGES.tooLong],
  ])('an external dashboard URL with %s is refused with a clear message', (_label, typed, message) => {
    expect(checkDashboardUrl(typed)).toEqual({ ok: false, message });
  });

  it.each([
    ['+34 600 000 000', '+34 600 000 000', 'https://wa.me/34600000000', '+34 600 000 000'],
    [' +34   600000000 ', '+34 600000000', 'https://wa.me/34600000000', '+34 600000000'],
    ['34600000000', '34600000000', 'https://wa.me/34600000000', '+34600000000'],
    ['https://wa.me/5215512345678', 'https://wa.me/5215512345678', 'https://wa.me/5215512345678', '+5215512345678'],
    ['https://chat.whatsapp.com/AbCdEf123', 'https://chat.whatsapp.com/AbCdEf123', 'https://chat.whatsapp.com/AbCdEf123', 'https://chat.whatsapp.com/AbCdEf123'],
  ])('the chat link %s is kept as %s and opens %s, shown as %s', (typed, kept, href, label) => {
    expect(checkChatLink(typed)).toEqual({ ok: true, value: kept });
    expect(chatLinkTarget(kept)).toMatchObject({ href, label });
  });

  it.each(['+34 600', '+1234567890123456', '34-600-000-000', '++34600000000', '34 + 600000000', 'http://wa.me/34600000000', 'wa.me/34600000000', 'javascript:alert(1)', 'https://u:p@wa.me/1'])(
    'the chat link %s is refused with the message that says what is accepted',
    (typed) => {
      expect(checkChatLink(typed)).toEqual({ ok: false, message: WORKSPACE_MESSAGES.chatInvalid });
    },
  );

  it('no chat link, or one stored before the rules, opens nothing', () => {
    expect(chatLinkTarget(null)).toBeNull();
    expect(chatLinkTarget('')).toBeNull();
    expect(chatLinkTarget('not a link')).toBeNull();
  });

  it("the form checks each field, and empty fields are fine (they clear the setting)", () => {
    expect(workspaceFormErrors({ externalDashboardUrl: '', chatLink: '  ', designerUrl: '' })).toEqual({});
    expect(workspaceFormErrors({ externalDashboardUrl: 'http://bi.example', chatLink: 'call me', designerUrl: 'ftp://designer.example' })).toEqual({
      externalDashboardUrl: WORKSPACE_MESSAGES.dashboardInvalid,
      chatLink: WORKSPACE_MESSAGES.chatInvalid,
      designerUrl: WORKSPACE_MESSAGES.dashboardInvalid,
    });
    expect(workspaceFormErrors({ externalDashboardUrl: '', chatLink: '', designerUrl: 'http://localhost:4400/designer' })).toEqual({});
  });

  it('the arguments: absent stays unchanged, empty or null clears, at least one field, nothing unknown', () => {
    expect(updateWorkspaceArgs.parse({ id: 'ws-demo', externalDashboardUrl: '  ', chatLink: null })).toEqual({ id: 'ws-demo', externalDashboardUrl: null, chatLink: null });
    expect(updateWorkspaceArgs.parse({ id: 'ws-demo', chatLink: '+34 600 000 000' })).toEqual({ id: 'ws-demo', chatLink: '+34 600 000 000' });
    expect(updateWorkspaceArgs.safeParse({ id: 'ws-demo' }).error?.issues[0]?.message).toBe(WORKSPACE_MESSAGES.nothingToChange);
    expect(workspaceFieldsSchema.safeParse({ name: 'Acme', owner: 'me' }).success).toBe(false);
    expect(workspaceFieldsSchema.safeParse({ name: ' A ' }).error?.issues[0]?.message).toMatch(/at least 2 characters/);
  });

  it("a dashboard on another origin keeps its own origin in the sandbox; one on the console's origin does not", () => {
    expect(externalFrameSandbox('https://bi.example/d', 'https://console.example')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(externalFrameSandbox('https://console.example/external-demo.html', 'https://console.example')).toBe('allow-scripts allow-forms');
    expect(externalFrameSandbox('not a url', 'https://console.example')).toBe('allow-scripts allow-forms');
  });
});
