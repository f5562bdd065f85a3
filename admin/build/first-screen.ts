/**
 * Vite plugin: no chunk waterfall on a first load. The entry (admin/src/main.tsx) starts one of two apps, each a
 * chunk (admin/src/boot.ts), and the screens are lazy chunks (admin/src/App.tsx), found one wave at a time
 * (entry, then the app, then the layout, then /api/user, then the resources and the page). This writes a tiny
 * classic script, /assets/first-screen-<hash>.js, loaded deferred ahead of the entry by index.html (a file, not inline: the CSP
 * allows scripts from 'self' only), which adds <link rel="modulepreload"> for every chunk the path's first
 * screen needs, so they download together with the entry chunk. docs/admin.md "Asset serving".
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { GUEST_PATHS } from '../src/layout/guard.js';
import { appEn } from '../../core/i18n/en.js';
import { appEs } from '../../core/i18n/es.js';
import { APP_SHELL_ID, HOME_STORAGE_KEY } from '../src/layout/appShell.js';
import { DASHBOARD_SHIPMENT_STATUSES } from '../../core/policies/shipments.policy.js';
import { NETWORK_TIME_ZONE } from '../../core/dashboard.js';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The guest app (sign-in, reset and create password); the admin app (react-admin, the data router). */
const GUEST_APP = 'guest/GuestApp.tsx';
const ADMIN_APP = 'AdminApp.tsx';
/** The Spanish catalogue, fetched before the first render when it is the stored language. */
const SPANISH = 'providers/spanish.ts';
/** What every signed-in first screen renders besides its page. */
const SIGNED_IN = ['layout/Layout.tsx', 'resources/index.ts'];
const HOME_SCREENS: Record<string, string> = {
  '/': 'pages/Dashboard.tsx',
  '/driver': 'screens/driver/DriverScreen.tsx',
  '/pudo': 'screens/pudo/PudoScreen.tsx',
  '/warehouse': 'screens/warehouse/WarehouseScreen.tsx',
  '/lockers': 'screens/lockers/LockersScreen.tsx',
};
/**
 * The phone's first paint of the home screens (docs/admin.md "First paint"): what each one shows before its
 * controls, the app bar's title and the screen's heading (and its intro line on the role screens), in each
 * language. Drawn only where it is what the app renders next: the path is the remembered user's home.
 */
type Catalogue = typeof appEn;
interface ShellPage {
  title: string;
  intro?: string;
  /** The dashboard's cards (labels; their numbers are drawn as the app's loading placeholder) and its link text. */
  cards?: { labels: string[]; more: string };
  /** The heading of the section below the cards and its loading line (the dashboard's charts). */
  section?: { title: string; note: string; loading: string };
}
const SHELL_TEXTS: Record<string, (c: Catalogue) => ShellPage> = {
  // The dashboard's whole first view on a phone (pages/Dashboard.tsx): heading, the three cards, the charts'
  // heading and time zone line. Drawn only up to the page's heading, the charts' heading and then that line
  // (wider) were the page's largest text, painted only once the app had run (Lighthouse's LCP 3.7-3.9 s, not 1.8 s).
  '/': (c) => ({
    title: c.dashboard.title,
    cards: { labels: DASHBOARD_SHIPMENT_STATUSES.map((status) => c.dashboard.cards[status as keyof Catalogue['dashboard']['cards']]), more: c.dashboard.view_all },
    section: { title: c.dashboard.kpis_title, note: c.dashboard.kpis_time_zone.replace('%{zone}', NETWORK_TIME_ZONE), loading: c.dashboard.charts_loading },
  }),
  '/driver': (c) => c.screens.driver,
  '/pudo': (c) => c.screens.pudo,
  '/warehouse': (c) => c.screens.warehouse,
};
const shellTexts = (c: Catalogue) => ({
  app: c.app.title,
  pages: Object.fromEntries(Object.entries(SHELL_TEXTS).map(([path, texts]) => [path, texts(c)])),
});

/** The customer's pages (no layout, no resources), by path prefix. */
const PUBLIC_SCREENS: [string, string][] = [
  ['/respond/', 'public/RespondPage.tsx'],
  ['/track', 'public/TrackPage.tsx'],
];

const chunks = (bundle: OutputBundle) => Object.values(bundle).filter((out): out is OutputChunk => out.type === 'chunk');

/** The chunk file of `module` and the files it imports statically, less those index.html loads already. */
function chunkFiles(bundle: OutputBundle, module: string, loaded: Set<string>): string[] {
  const all = chunks(bundle);
  const facade = all.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/admin/src/${module}`));
  if (!facade) throw new Error(`first-screen preload: no chunk for admin/src/${module} (renamed? update admin/build/first-screen.ts)`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || loaded.has(file)) return;
    files.add(file);
    for (const next of (bundle[file] as OutputChunk).imports) visit(next);
  };
  visit(facade.fileName);
  return [...files];
}

/** What index.html loads anyway: the entry chunk and its static imports. */
function entryFiles(bundle: OutputBundle): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const next of (bundle[file] as OutputChunk).imports) visit(next);
  };
  for (const chunk of chunks(bundle)) if (chunk.isEntry) visit(chunk.fileName);
  return files;
}

/**
 * The classic script: picks the path's chunk list and adds a modulepreload link for each. On a guest page it
 * also fetches the admin app's chunks into the cache (rel=prefetch: download only, at low priority) once the
 * page has loaded and the browser is idle, so that signing in does not wait for them.
 */
function preloadScript(bundle: OutputBundle): string {
  const loaded = entryFiles(bundle);
  const files = (modules: string[]) => [...new Set(modules.flatMap((module) => chunkFiles(bundle, module, loaded)))];
  const map = {
    guestPaths: GUEST_PATHS,
    guest: files([GUEST_APP]),
    signedIn: files([ADMIN_APP, ...SIGNED_IN]),
    home: Object.fromEntries(Object.entries(HOME_SCREENS).map(([path, module]) => [path, files([module])])),
    publicScreens: PUBLIC_SCREENS.map(([prefix, module]) => [prefix, files([ADMIN_APP, module])]),
    spanish: files([SPANISH]),
    shell: { id: APP_SHELL_ID, homeKey: HOME_STORAGE_KEY, en: shellTexts(appEn), es: shellTexts(appEs) },
  };
  return `(function (m) {
  var p = location.pathname.replace(/\\/+$/, '') || '/';
  var seen = {};
  // All links in one insertion (one fragment): fifty separate ones cost a slow phone some 25 ms.
  function add(rel, list) {
    var links = document.createDocumentFragment();
    list.forEach(function (file) {
      if (seen[file]) return;
      seen[file] = true;
      var link = document.createElement('link');
      link.rel = rel;
      if (rel === 'modulepreload') link.crossOrigin = '';
      link.href = '/' + file;
      links.appendChild(link);
    });
    document.head.appendChild(links);
  }
  // The language as providers/locale.ts picks it (stored, else the browser's): the entry waits for the Spanish
  // catalogue before it renders.
  var lang = '';
  try { lang = localStorage.getItem('locale') || ''; } catch (e) { /* no storage */ }
  if (lang !== 'en' && lang !== 'es') lang = (navigator.language || '').slice(0, 2).toLowerCase();
  if (lang === 'es') add('modulepreload', m.spanish);
  if (m.guestPaths.indexOf(p) >= 0) {
    add('modulepreload', m.guest);
    var later = function () { add('prefetch', m.signedIn.concat(m.home['/'])); };
    var idle = function () { (window.requestIdleCallback || setTimeout)(later, { timeout: 3000 }); };
    if (document.readyState === 'complete') idle(); else addEventListener('load', idle);
    return;
  }
  var pub = m.publicScreens.filter(function (entry) { return location.pathname.indexOf(entry[0]) === 0; })[0];
  var preloads = pub ? pub[1] : m.signedIn.concat(m.home[p] || []);
  // The first paint, when there is one, before the preloads: adding some fifty links and starting their requests
  // is main-thread work (tens of ms on a slow phone) that the paint need not wait for.
  // They follow a frame later, a dozen per task: inserting fifty modulepreload links (each starts its request) was one
  // task of ~100 ms on a phone (4x slower CPU), counted in the total blocking time as it comes after the paint.
  if (!pub && shell(m.shell, lang === 'es' ? m.shell.es : m.shell.en)) {
    var rest = preloads.slice();
    var next = function () { add('modulepreload', rest.splice(0, 12)); if (rest.length) setTimeout(next, 0); };
    requestAnimationFrame(function () { setTimeout(next, 0); });
  } else add('modulepreload', preloads);

${SHELL_SCRIPT}
})(${JSON.stringify(map)});
`;
}

/**
 * The first paint on a phone (below MUI's sm breakpoint, where the menu is a drawer and the page starts at the
 * left edge): the app bar (menu icon, app title) and the page heading, drawn from plain DOM as soon as the page
 * is parsed, in the app's places, sizes and colours (layout/Layout.tsx, AppBar.tsx, pages/Dashboard.tsx,
 * screens/shared/ScreenFrame.tsx: keep them in step), over the page until the app has rendered the screen
 * itself (layout/appShell.ts removes it, without a layout shift: it is fixed over the page). Only on the
 * signed-in user's home (remembered by providers/session.ts), so it shows what comes: not on a shared
 * browser's other user's page, not to a guest. Any script error or a slow start (15 s) takes it away too.
 */
const SHELL_SCRIPT = `  function shell(s, t) {
    var page = t.pages[p];
    var home = '';
    try { home = localStorage.getItem(s.homeKey) || ''; } catch (e) { /* no storage */ }
    if (!page || home !== p || !window.matchMedia('(max-width: 599.95px)').matches) return false;
    var font = 'font-family:Roboto,Helvetica,Arial,sans-serif;margin:0;';
    var el = document.createElement('div');
    el.id = s.id;
    el.setAttribute('aria-hidden', 'true');
    el.style.cssText = 'position:fixed;inset:0;z-index:1250;background:#fafafb;color:rgba(0,0,0,0.87);overflow:hidden;' + font;
    var bar = document.createElement('div');
    bar.style.cssText = 'position:absolute;top:0;left:0;right:0;display:flex;align-items:center;box-sizing:border-box;height:48px;padding:0 8px;background:#0d47a1;color:#fff;' +
      'box-shadow:0 2px 4px -1px rgba(0,0,0,0.2),0 4px 5px 0 rgba(0,0,0,0.14),0 1px 10px 0 rgba(0,0,0,0.12);';
    bar.innerHTML = '<svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" style="padding:8px;margin-right:4.8px">' +
      '<path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z"></path></svg>';
    var name = document.createElement('span');
    name.style.cssText = font + 'font-size:20px;font-weight:500;line-height:32px;letter-spacing:0.15px;white-space:nowrap;';
    name.textContent = t.app;
    bar.appendChild(name);
    var body = document.createElement('div');
    body.style.cssText = 'padding:16px 8px 0;margin-top:56px;max-width:720px;';
    var heading = document.createElement('h2');
    heading.style.cssText = font + 'font-size:24px;font-weight:400;line-height:1.334;';
    heading.textContent = page.title;
    body.appendChild(heading);
    var text = function (tag, css, content) {
      var node = document.createElement(tag);
      node.style.cssText = font + css;
      node.textContent = content;
      return node;
    };
    var body2 = 'font-size:14px;font-weight:400;line-height:1.43;letter-spacing:0.01071em;';
    if (page.intro) body.appendChild(text('p', body2 + 'color:rgba(0,0,0,0.6);', page.intro));
    if (page.cards) {
      // MUI's Card, CardContent and the Typography variants of the dashboard's cards (subtitle1, h3 with its
      // loading Skeleton, body2 in the primary colour), 16 px apart; the heading's bottom margin (my: 2) first.
      heading.style.marginBottom = '16px';
      page.cards.labels.forEach(function (label) {
        var card = document.createElement('div');
        card.style.cssText = 'background:#fff;border-radius:4px;padding:16px;margin-bottom:16px;' +
          'box-shadow:0 2px 1px -1px rgba(0,0,0,0.2),0 1px 1px 0 rgba(0,0,0,0.14),0 1px 3px 0 rgba(0,0,0,0.12);';
        card.appendChild(text('p', 'font-size:16px;font-weight:400;line-height:1.75;letter-spacing:0.00938em;color:rgba(0,0,0,0.6);', label));
        var number = document.createElement('div');
        number.style.cssText = 'height:56.016px;';
        var skeleton = document.createElement('span');
        skeleton.style.cssText = 'display:block;width:60px;height:56px;transform:scale(1,0.6);transform-origin:0 55%;border-radius:4px/6.7px;background:rgba(0,0,0,0.11);';
        number.appendChild(skeleton);
        card.appendChild(number);
        card.appendChild(text('p', body2 + 'color:#0b57a4;', page.cards.more));
        body.appendChild(card);
      });
    }
    if (page.section) {
      // The section's top margin (mt: 4; the last card's 16 px collapse into it); its heading is an h6 with mb: 1,
      // then the charts' time zone (body2, mb: 2).
      body.appendChild(text('h2', 'margin-top:32px;margin-bottom:8px;font-size:20px;font-weight:500;line-height:1.6;letter-spacing:0.0075em;', page.section.title));
      body.appendChild(text('p', body2 + 'color:rgba(0,0,0,0.6);margin-bottom:16px;', page.section.note));
      body.appendChild(text('p', body2 + 'color:rgba(0,0,0,0.6);', page.section.loading));
    }
    el.appendChild(bar);
    el.appendChild(body);
    document.body.appendChild(el);
    var drop = function () { if (el.parentNode) el.parentNode.removeChild(el); };
    addEventListener('error', drop);
    addEventListener('unhandledrejection', drop);
    setTimeout(drop, 15000);
    return true;
  }`;

export function firstScreenPreload(): Plugin {
  let outDir = '';
  let script: { file: string; code: string } | undefined;
  return {
    name: 'lockerline-first-screen-preload',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const code = preloadScript(ctx.bundle as OutputBundle);
        const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
        script = { file: `assets/first-screen-${hash}.js`, code };
        // Deferred, and ahead of the entry (a module: deferred too, and deferred scripts run in document order):
        // fetched at once at high priority beside the entry chunk, without holding up the parser or the
        // rendering; run when the page is parsed and before the entry, so the first paint (SHELL_SCRIPT) is drawn
        // before the app starts, whichever file arrives first (it is a few kB).
        return [{ tag: 'script', attrs: { src: `/${script.file}`, defer: true, fetchpriority: 'high' }, injectTo: 'head-prepend' }];
      },
    },
    // Written after the bundle (and before the compression plugin, which comes after this one).
    closeBundle() {
      if (script) writeFileSync(join(outDir, script.file), script.code);
    },
  };
}
