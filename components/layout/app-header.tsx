/**
 * Header for signed-in screens: the logo, rendered on the server (its drawing is no script the
 * page loads), and the actions (app-header-actions.tsx).
 */
import { AppHeaderActions } from "./app-header-actions";
import { HeaderShell } from "./header-shell";

export function AppHeader() {
  return (
    <HeaderShell className="max-w-7xl">
      <AppHeaderActions />
    </HeaderShell>
  );
}
