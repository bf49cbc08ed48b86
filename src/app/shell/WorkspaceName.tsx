import { TABLET_MAX_WIDTH } from '../../domain/ui/uiConstants.ts';
import { useMediaQuery } from './useMediaQuery.ts';

/** The workspace name; on mobile and tablet only its first two letters (part 1 §2), with the full name kept for screen readers. */
export function WorkspaceName({ name }: { name: string }) {
  const narrow = useMediaQuery(`(max-width: ${TABLET_MAX_WIDTH}px)`);
  return (
    <p className="min-w-0 truncate text-base font-semibold text-slate-900" data-testid="workspace-name" title={name}>
      {narrow ? (
        <>
          <span aria-hidden="true">{name.slice(0, 2)}</span>
          <span className="sr-only">{name}</span>
        </>
      ) : (
        name
      )}
    </p>
  );
}
