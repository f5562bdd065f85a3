import { Component, Suspense, startTransition, useEffect, useLayoutEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import { Error as ErrorPage, Loading, Sidebar, useTranslate } from 'react-admin';
import { AppBar } from './AppBar.js';
import { Menu } from './Menu.js';
import { RouteGuard } from './RouteGuard.js';
import { ErrorDialog } from '../errors/ErrorDialog.js';
import { LiveUpdates } from '../live/useLive.js';
import { removeAppShell } from './appShell.js';

/*
 * The signed-in layout: app bar, menu, the navigation guard and the global error dialog. Composed here from
 * react-admin's Sidebar and MUI parts in react-admin's <Layout> arrangement (same class names, so styles that
 * target .RaLayout-content keep working): react-admin's <Layout> names its default app bar, menu and
 * preferences inspector, which bring MUI's Tooltip and Popper into every first screen (issue 11).
 */

const MAIN_CONTENT = 'main-content';

/** The first control of the page: "Skip to content", visible when focused (WCAG 2.4.1). */
function SkipToContent() {
  const translate = useTranslate();
  const skip = () => {
    const main = document.getElementById(MAIN_CONTENT);
    if (!main) return;
    main.tabIndex = -1;
    main.focus();
  };
  return (
    <Button
      variant="contained"
      color="secondary"
      onClick={skip}
      sx={{ position: 'fixed', left: 8, top: -100, zIndex: 5000, '&:focus, &:focus-visible': { top: 8 } }}
    >
      {translate('ra.navigation.skip_nav')}
    </Button>
  );
}

interface BoundaryState {
  error: Error | null;
  info: ErrorInfo | null;
}

/** A screen that throws shows react-admin's error page inside the layout; its "back" resets the boundary. */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null, info: null };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  componentDidCatch(_error: Error, info: ErrorInfo): void {
    removeAppShell();
    this.setState({ info });
  }

  reset = () => this.setState({ error: null, info: null });

  render() {
    const { error, info } = this.state;
    if (!error) return this.props.children;
    return <ErrorPage error={error} errorInfo={info ?? undefined} resetErrorBoundary={this.reset} />;
  }
}

/** Rendered beside the screen, once it has loaded: the first paint drawn before the app (appShell.ts) goes. */
function ScreenShown() {
  // A layout effect: the first paint goes in the same frame as the screen comes, with no blank in between.
  useLayoutEffect(removeAppShell, []);
  return null;
}

/**
 * The screen comes in a commit of its own, right after the layout's. One commit of app bar, menu and screen
 * together was the longest task of a signed-in first load (~120 ms at a phone's speed, half of it emotion
 * inserting the tree's styles): the main thread answers no tap meanwhile (Lighthouse's total blocking time).
 */
function AfterLayout({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Box
      className="layout"
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        zIndex: 1,
        minHeight: '100vh',
        minWidth: 0,
        width: '100%',
        position: 'relative',
        backgroundColor: theme.palette.background.default,
        '& .RaLayout-appFrame': {
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          marginTop: theme.spacing(6),
          [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
        },
        '& .RaLayout-contentWithSidebar': { display: 'flex', flexGrow: 1 },
        '& .RaLayout-content': {
          backgroundColor: theme.palette.background.default,
          zIndex: 2,
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          flexBasis: 0,
          minWidth: 0,
          padding: theme.spacing(0, 1),
        },
      })}
    >
      <SkipToContent />
      {/* The tab's live-updates stream, signed-in screens only (docs/live-updates.md). */}
      <LiveUpdates />
      <div className="RaLayout-appFrame">
        <AppBar />
        <main className="RaLayout-contentWithSidebar">
          <Sidebar>
            <Menu />
          </Sidebar>
          <div id={MAIN_CONTENT} className="RaLayout-content">
            <AfterLayout>
              <ScreenErrorBoundary>
                <Suspense fallback={<Loading />}>
                  <RouteGuard>{children}</RouteGuard>
                  <ScreenShown />
                </Suspense>
              </ScreenErrorBoundary>
            </AfterLayout>
          </div>
        </main>
      </div>
      <ErrorDialog />
    </Box>
  );
}
