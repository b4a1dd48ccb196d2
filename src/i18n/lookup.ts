import { RESOURCES, type Locale, type ResourceTree } from './resources.js'

type Namespace = keyof (typeof RESOURCES)['en']

/**
 * The text at a dotted path of a namespace, with `{{vars}}` filled in; undefined when there is
 * none. For keys built at run time (a game's id, an option's name), which `t`'s typed keys cannot
 * check: callers say what happens for a game without texts.
 */
export function lookupText(
  locale: Locale,
  ns: Namespace,
  path: string,
  vars: Readonly<Record<string, string>> = {},
): string | undefined {
  let at: string | ResourceTree | undefined = RESOURCES[locale][ns]
  for (const part of path.split('.')) at = at === undefined || typeof at === 'string' ? undefined : at[part]
  return typeof at === 'string' ? at.replace(/{{(\w+)}}/g, (_, v: string) => vars[v] ?? `{{${v}}}`) : undefined
}
