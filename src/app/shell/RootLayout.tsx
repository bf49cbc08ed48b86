import { Outlet } from '@tanstack/react-router';
import { Toaster } from '../../ui/Toaster.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import { useInputModality } from './useInputModality.ts';

/** Everything every screen shares: the routed screen, the notices and the new-version prompt. */
export function RootLayout() {
  useInputModality();
  return (
    <>
      <Outlet />
      <UpdatePrompt />
      <Toaster />
    </>
  );
}
