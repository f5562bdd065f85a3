/**
 * The list scenarios of `npm run bench` (issue 11): what people do with the lists, in rotation. Deep pages are
 * reached the way the admin pages through them: page N+1 asks with the cursor (`meta.next`) of page N, walked
 * once before the scenario; `list-shipments-page400-offset` is the jump to page 400 without one (id-only skip).
 */
import Database from 'better-sqlite3';

export interface ListScenario {
  name: string;
  as: 'superadmin' | 'merchant';
  /** Paths requested in rotation. */
  paths: string[];
}

const STATUS_90 = 'filters%5Bstatus%5D%5B0%5D=90';

/** Paths of pages 1..pages of `base` (a path with its query), each later page with the cursor of the one before. */
async function walk(url: string, cookie: string, base: string, pages: number): Promise<string[]> {
  const join = base.includes('?') ? '&' : '?';
  const paths = [base];
  let after: string | undefined;
  for (let page = 1; page <= pages; page++) {
    const path = page === 1 ? base : `${base}${join}page=${page}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const res = await fetch(url + path, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`walking ${path}: HTTP ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: unknown[]; meta: { next?: string } };
    if (!body.data.length) break;
    paths[page - 1] = path;
    after = body.meta.next;
  }
  return paths;
}

/**
 * Search terms like a person types them: 90 of 100 a part of one customer's e-mail (`rolle12345`, a handful of
 * matches), 10 a common surname fragment (`artwrig`: thousands of matches, page 1 and the capped count).
 */
export function nameSearchTerms(file: string, count = 100): string[] {
  const sqlite = new Database(file, { readonly: true });
  try {
    const { max } = sqlite.prepare('select max(id) as max from shipments').get() as { max: number };
    const pick = sqlite.prepare('select email, last_name from shipments where id >= ? and email is not null order by id limit 1');
    return Array.from({ length: count }, (_, k) => {
      const row = pick.get(Math.floor((max * (k + 0.5)) / count)) as { email: string; last_name: string } | undefined;
      if (!row) return 'smith';
      if (k % 10 === 9) return row.last_name.slice(1, 8);
      const local = row.email.split('@')[0];
      return local.slice(local.indexOf('.') + 1);
    });
  } finally {
    sqlite.close();
  }
}

export async function listScenarios(
  url: string,
  cookies: { superadmin: string; merchant: string },
  barcodePrefixes: string[],
  nameTerms: string[],
  selected: (name: string) => boolean,
): Promise<ListScenario[]> {
  const sa = cookies.superadmin;
  const plan: [string, ListScenario['as'], () => Promise<string[]>][] = [
    ['list-shipments', 'superadmin', async () => ['/api/shipments']],
    ['list-shipments-deep', 'superadmin', () => walk(url, sa, '/api/shipments', 400)],
    ['list-shipments-page400', 'superadmin', async () => (await walk(url, sa, '/api/shipments', 400)).slice(-1)],
    ['list-shipments-page400-offset', 'superadmin', async () => ['/api/shipments?page=400']],
    [
      'list-shipments-sorts',
      'superadmin',
      async () => [...(await walk(url, sa, '/api/shipments?sort=-created_at', 20)), ...(await walk(url, sa, '/api/shipments?sort=last_name', 20))],
    ],
    ['list-packages-status', 'superadmin', async () => [`/api/packages?${STATUS_90}`]],
    ['list-packages-status-sorted', 'superadmin', () => walk(url, sa, `/api/packages?${STATUS_90}&sort=-updated_at`, 40)],
    ['list-packages-search', 'superadmin', async () => barcodePrefixes.map((p) => `/api/packages?search=${encodeURIComponent(p)}`)],
    ['list-shipments-name-search', 'superadmin', async () => nameTerms.map((term) => `/api/shipments?search=${encodeURIComponent(term)}`)],
    ['list-shipments-merchant', 'merchant', () => walk(url, cookies.merchant, '/api/shipments', 40)],
  ];
  const scenarios: ListScenario[] = [];
  for (const [name, as, paths] of plan) if (selected(name)) scenarios.push({ name, as, paths: await paths() });
  return scenarios;
}
