import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { useWorkspaceDoc } from '../../data/useWorkspaceDoc.ts';
import { chatLinkTarget } from '../../domain/settings/workspaceRules.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

const LINK = 'font-medium text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus';

/**
 * /WA (part 1 §2: the whatsapp page button, always in the menu): opens the workspace's chat link in a new tab and
 * shows the number it goes to. With none set it says so, and points administrators to the setting. The link works
 * offline as a link; WhatsApp itself needs the network, as any outside site does.
 */
export function WhatsAppScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const name = t(route.nameKey);
  useDocumentTitle(name);
  const workspace = useWorkspaceDoc();
  const admin = isAdminRole(useAtomValue(accountAtom)?.account.role);
  const target = chatLinkTarget(workspace?.chatLink);
  return (
    <section aria-labelledby="screen-title" className="flex flex-col gap-6">
      <h1 id="screen-title" className="text-2xl font-semibold text-slate-900">
        {name}
      </h1>
      {workspace === undefined ? (
        <p className="text-slate-600">{t('workspace.loading')}</p>
      ) : target === null ? (
        <EmptyState
          icon="whatsapp"
          title={t('workspace.whatsapp.none')}
          text={t(admin ? 'workspace.whatsapp.noneTextAdmin' : 'workspace.whatsapp.noneText')}
          {...(admin
            ? {
                action: (
                  <Link to="/admin-info" search={{ tab: 'workspace' }} className={LINK}>
                    {t('workspace.whatsapp.setIt')}
                  </Link>
                ),
              }
            : {})}
        />
      ) : (
        <div className="flex max-w-xl flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6">
          <p className="text-slate-700">{t('workspace.whatsapp.intro')}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{t(target.phone ? 'workspace.whatsapp.number' : 'workspace.whatsapp.link')}</dt>
            <dd className="font-mono break-all text-slate-900" data-testid="chat-target">
              {target.label}
            </dd>
          </dl>
          <a
            href={target.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center justify-center gap-2 self-start rounded-lg bg-[#146b3e] px-4 py-2.5 font-semibold text-white hover:bg-[#0f5531] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
          >
            <Icon name="whatsapp" className="h-5 w-5" />
            {t('workspace.whatsapp.open')}
            <span className="sr-only">({t('workspace.whatsapp.opensNewTab')})</span>
          </a>
        </div>
      )}
    </section>
  );
}
