/**
 * Resource names inside react-admin's sentences. The catalogues capitalise resource names for menus and
 * page titles ('Customer |||| Customers', 'Ubicación |||| Ubicaciones'); inside a sentence they are
 * common nouns: "No customers found", "Todavía no hay envíos.". English keeps title case in titles
 * ("Create Location", "Delete 3 Shipments"); Spanish writes titles in sentence case too ("Crear ubicación").
 */
const NAME_IN_SENTENCE: Record<string, ReadonlySet<string>> = {
  en: new Set([
    'ra.page.empty',
    'ra.navigation.no_results',
    'ra.navigation.no_filtered_results',
    'ra.message.delete_content',
    'ra.message.bulk_delete_content',
    'ra.message.bulk_update_content',
  ]),
  es: new Set([
    'ra.page.create',
    'ra.page.empty',
    'ra.navigation.no_results',
    'ra.navigation.no_filtered_results',
    'ra.message.delete_title',
    'ra.message.delete_content',
    'ra.message.bulk_delete_title',
    'ra.message.bulk_delete_content',
    'ra.message.bulk_update_title',
    'ra.message.bulk_update_content',
  ]),
};

/**
 * The translate options with the resource name's first letter in lower case where the language writes it
 * inside a sentence (an acronym such as "PUDO points" stays as it is).
 */
export function sentenceCaseName<T>(locale: string, key: string, options: T): T {
  const name = (options as { name?: unknown } | undefined)?.name;
  if (typeof name !== 'string' || !NAME_IN_SENTENCE[locale]?.has(key)) return options;
  if (name.length > 1 && name.charAt(1) !== name.charAt(1).toLocaleLowerCase(locale)) return options;
  return { ...options, name: name.charAt(0).toLocaleLowerCase(locale) + name.slice(1) };
}
