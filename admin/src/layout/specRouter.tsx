/**
 * SPEC route shapes with stock react-admin components. react-admin builds record links as
 * edit `/{slug}/{id}` and show `/{slug}/{id}/show`; the SPEC wants detail `/{slug}/{id}` and edit
 * `/{slug}/{id}/edit`. This router provider rewrites the links react-admin makes (Link, Navigate,
 * useNavigate), and RecordRoutes (App.tsx) renders detail and edit under `/{slug}/{id}`.
 * Links written by hand (react-router's own Link) are not rewritten: write SPEC paths there.
 */
import { useCallback } from 'react';
import { reactRouterProvider, type RouterProvider } from 'react-admin';

type To = string | { pathname?: string; search?: string; hash?: string };

/** Second path segments that are pages of their own, not record ids. */
const RESERVED = new Set(['create', 'profile', 'preferences', 'import']);

/** Maps a react-admin record path to the SPEC shape; other paths are returned unchanged. */
export function toSpecPathname(pathname: string, resources: ReadonlySet<string>): string {
  if (!pathname.startsWith('/')) return pathname;
  const segments = pathname.split('/').filter(Boolean);
  const [slug, id, action] = segments;
  if (!slug || !resources.has(slug) || !id || RESERVED.has(id)) return pathname;
  if (segments.length === 2) return `/${slug}/${id}/edit`;
  if (segments.length === 3 && action === 'show') return `/${slug}/${id}`;
  return pathname;
}

export function mapTo(to: To, resources: ReadonlySet<string>): To {
  // react-admin renders some links before their target is known (e.g. a ReferenceField still loading).
  if (to === undefined || to === null) return to as To;
  if (typeof to === 'string') {
    const cut = to.search(/[?#]/);
    const path = cut === -1 ? to : to.slice(0, cut);
    const rest = cut === -1 ? '' : to.slice(cut);
    return toSpecPathname(path, resources) + rest;
  }
  return to.pathname ? { ...to, pathname: toSpecPathname(to.pathname, resources) } : to;
}

export function specRouterProvider(resources: ReadonlySet<string>): RouterProvider {
  const Base = reactRouterProvider;
  return {
    ...Base,
    Link: (props) => <Base.Link {...props} to={mapTo(props.to, resources)} />,
    Navigate: (props) => <Base.Navigate {...props} to={mapTo(props.to, resources)} />,
    useNavigate: () => {
      const navigate = Base.useNavigate();
      return useCallback(
        (to, options) => (typeof to === 'number' ? navigate(to) : navigate(mapTo(to, resources), options)),
        [navigate],
      );
    },
  };
}
