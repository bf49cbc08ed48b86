import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { DeferredMenu } from '../../src/ui/DeferredMenu.tsx';
import { menuButtonClass } from '../../src/ui/menuButtonClass.ts';
import { lazyDialog, MountWhenOpened } from '../../src/ui/MountWhenOpened.tsx';

/** Renders on the server's static path, which waits for lazy components (and gives up on those that fail). */
async function prerendered(element: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, { onError: () => undefined });
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  // Suspense boundaries leave comment markers for hydration.
  return markup.replace(/<!--\/?\$-->/g, '');
}

const ignore = () => undefined;

describe('a deferred menu before its code is loaded', () => {
  it('stands in with a menu button of the same look whose name starts with the label', () => {
    const markup = renderToStaticMarkup(<DeferredMenu label="Reassign C-1 to another team" trigger={<span>Reassign</span>} buttonClassName="py-1" items={[]} />);
    expect(markup).toBe(
      `<button type="button" aria-haspopup="menu" aria-expanded="false" class="${menuButtonClass('py-1')}"><span class="sr-only">Reassign C-1 to another team</span><span>Reassign</span></button>`,
    );
  });
});

describe('a lazily loaded dialog', () => {
  it('is neither mounted nor fetched until it is first opened', async () => {
    const load = vi.fn(async () => ({ open }: { open: boolean }) => <p>{open ? 'open' : 'closed'}</p>);
    const Dialog = lazyDialog(load);
    expect(await prerendered(<MountWhenOpened open={false} onClose={ignore}><Dialog open={false} /></MountWhenOpened>)).toBe('');
    expect(load).not.toHaveBeenCalled();
    expect(await prerendered(<MountWhenOpened open onClose={ignore}><Dialog open /></MountWhenOpened>)).toBe('<p>open</p>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('whose code could not be fetched asks for it again the next time, and then shows', async () => {
    const load = vi
      .fn<() => Promise<() => ReactElement>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(() => <p>shortcuts</p>);
    const Dialog = lazyDialog(load);
    expect(await prerendered(<MountWhenOpened open onClose={ignore}><Dialog /></MountWhenOpened>)).not.toContain('shortcuts');
    expect(await prerendered(<MountWhenOpened open onClose={ignore}><Dialog /></MountWhenOpened>)).toBe('<p>shortcuts</p>');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
