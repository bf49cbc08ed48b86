/**
 * Texts of the workspace's own settings and of the screens they drive (part 1 §2 Settings → External, Workspace,
 * Cases, Billing, Trace; /collections; /WA; the own profile's password action), apart from settings.en.ts so the
 * Settings tabs can grow side by side.
 */
export const workspaceEn = {
  tabs: { cases: 'Cases', billing: 'Billing', trace: 'Trace', external: 'External', workspace: 'Workspace' },
  loading: 'Loading…',
  external: {
    none: 'No external resources found!',
    noneText: 'An administrator can set the external dashboard address in Settings, on the Workspace tab.',
    setIt: 'Set the external dashboard',
    frameTitle: 'External dashboard of {{name}}',
    offline: 'The external dashboard needs a connection',
    offlineText: 'It is shown here as soon as you are back online. Address: {{url}}',
    openNewTab: 'Open in a new tab',
    sandboxNote: 'Shown in a restricted frame; if it stays blank, the site may refuse to be embedded: open it in a new tab.',
  },
  whatsapp: {
    intro: 'Write to your team on WhatsApp.',
    number: 'Number',
    link: 'Chat link',
    open: 'Open WhatsApp',
    opensNewTab: 'opens in a new tab',
    none: 'No chat link set',
    noneText: 'Your administrator has not set a WhatsApp number or chat link for this workspace yet.',
    noneTextAdmin: 'Set a WhatsApp number or a chat link for this workspace in Settings.',
    setIt: 'Set the chat link',
  },
  form: {
    heading: 'Workspace',
    intro: 'What Settings → External and Financial show, and what the WhatsApp page opens, for everyone in this workspace.',
    name: 'Workspace name',
    dashboardUrl: 'External dashboard URL',
    dashboardHint: 'https (http only for localhost); empty for none',
    chatLink: 'Chat link',
    chatHint: 'A WhatsApp number with its country code, or an https link; empty for none',
    designerUrl: 'Graphic Designer URL',
    designerHint: 'The form template designer (beta), https; empty hides it',
    save: 'Save',
    saving: 'Saving…',
    reset: 'Undo changes',
    saved: 'Workspace settings saved',
    failed: 'Failed to save the workspace settings',
    forbidden: 'You do not have permission to perform this action',
    pending: 'Waiting to be sent',
    queued: 'Saved on this device; it will be sent when you are back online',
    messages: {
      dashboardInvalid: 'Enter an https address (http only for localhost), or leave it empty',
      dashboardCredentials: 'The address must not contain a user name or password',
      chatInvalid: 'Enter a phone number with its country code (digits, spaces and a leading +) or an https link',
      tooLong: 'The address is too long (at most 2000 characters)',
    },
  },
  billing: { title: 'No billing information', text: 'There is nothing to show for this workspace.' },
  profile: {
    changePassword: 'Change your password',
    changePasswordHint: 'You confirm your current password first.',
    enginesNone: 'No engines are visible to you.',
    enginesReadOnly: 'Only an administrator can change which engines you see.',
  },
};

export type WorkspaceCatalogue = typeof workspaceEn;
