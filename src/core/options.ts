import type { ZodTypeAny } from 'zod'

/**
 * One table option as players meet it (slash option, /rules, help), read from the engine's own
 * options schema so that names, bounds, choices and defaults cannot drift from what the engine
 * accepts. Descriptions come from `.describe()` on each field of the schema.
 */
export type OptionSpec =
  | {
      readonly kind: 'integer'
      readonly name: string
      readonly description: string
      readonly default: number
      readonly min?: number
      readonly max?: number
      /** Set when only some whole numbers are allowed. */
      readonly choices?: readonly number[]
    }
  | { readonly kind: 'boolean'; readonly name: string; readonly description: string; readonly default: boolean }
  | {
      readonly kind: 'string'
      readonly name: string
      readonly description: string
      readonly default: string
      readonly choices: readonly string[]
    }

/** `shotgunWedding` → `shotgun_wedding`: the slash option of an engine option. */
export function slashOptionName(engineName: string): string {
  return engineName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
}

/** `shotgun_wedding` → `shotgunWedding`: slash option names are the engine's option names in snake case. */
export function engineOptionName(optionName: string): string {
  return optionName.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
}

// Zod 3 keeps a schema's structure in `_def`; these are the few shapes option schemas use.
interface Def {
  readonly typeName: string
  readonly schema?: ZodTypeAny
  readonly innerType?: ZodTypeAny
  readonly defaultValue?: () => unknown
  readonly checks?: readonly { readonly kind: string; readonly value?: number; readonly inclusive?: boolean }[]
  readonly values?: readonly string[]
  readonly options?: readonly ZodTypeAny[]
  readonly value?: unknown
}
const defOf = (t: ZodTypeAny): Def => t._def as Def

/** Refinements (ZodEffects) change what is accepted, not the option's shape. */
function unwrap(t: ZodTypeAny): ZodTypeAny {
  let at = t
  while (defOf(at).typeName === 'ZodEffects') at = defOf(at).schema!
  return at
}

function integerBounds(t: ZodTypeAny): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {}
  for (const c of defOf(t).checks ?? []) {
    if (c.kind === 'min' && c.value !== undefined) out.min = c.inclusive === false ? Math.floor(c.value) + 1 : c.value
    if (c.kind === 'max' && c.value !== undefined) out.max = c.inclusive === false ? Math.ceil(c.value) - 1 : c.value
  }
  return out
}

function specOf(name: string, field: ZodTypeAny): OptionSpec {
  const description = field.description ?? unwrap(field).description
  const withDefault = unwrap(field)
  const d = defOf(withDefault)
  if (d.typeName !== 'ZodDefault' || !d.defaultValue || !d.innerType) throw new Error(`option ${name} has no default`)
  if (!description) throw new Error(`option ${name} has no description (.describe)`)
  const fallback = d.defaultValue()
  const inner = unwrap(d.innerType)
  const id = defOf(inner)
  switch (id.typeName) {
    case 'ZodNumber':
      return { kind: 'integer', name, description, default: fallback as number, ...integerBounds(inner) }
    case 'ZodBoolean':
      return { kind: 'boolean', name, description, default: fallback as boolean }
    case 'ZodEnum':
      return { kind: 'string', name, description, default: fallback as string, choices: id.values! }
    case 'ZodUnion': {
      const values = id.options!.map((o) => defOf(o).value)
      if (values.every((v) => typeof v === 'number'))
        return { kind: 'integer', name, description, default: fallback as number, choices: values }
      if (values.every((v) => typeof v === 'string'))
        return { kind: 'string', name, description, default: fallback as string, choices: values }
      break
    }
  }
  throw new Error(`option ${name}: cannot describe a ${id.typeName}`)
}

/** The options of a strict object schema (possibly refined), in the schema's order. */
export function describeOptions(schema: ZodTypeAny): OptionSpec[] {
  const object = unwrap(schema) as ZodTypeAny & { shape?: Record<string, ZodTypeAny> }
  if (defOf(object).typeName !== 'ZodObject' || !object.shape) throw new Error('an options schema is an object')
  return Object.entries(object.shape).map(([name, field]) => specOf(name, field))
}
