import { ApplicationCommandOptionType, type APIApplicationCommandOption } from 'discord.js'
import { describe, expect, it } from 'vitest'
import { commandDefinitions } from '../../src/commands/index.js'
import { ENGINES, engineFor } from '../../src/games/registry.js'
import { describeOptions } from '../../src/core/options.js'
import { settingsPatchSchema } from '../../src/store/settings.js'
import { TABLE_BOUNDS } from '../../src/tables/bounds.js'
import { tableServicePerTest } from '../tables/play.js'

/** Every numeric option of every command, with the path a member types it by. */
function numericOptions(): { path: string; option: APIApplicationCommandOption }[] {
  const out: { path: string; option: APIApplicationCommandOption }[] = []
  const walk = (path: string, options: readonly APIApplicationCommandOption[] | undefined) => {
    for (const o of options ?? []) {
      const here = `${path} ${o.name}`
      if (o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup)
        walk(here, o.options)
      else if (o.type === ApplicationCommandOptionType.Integer || o.type === ApplicationCommandOptionType.Number)
        out.push({ path: here, option: o })
    }
  }
  for (const d of commandDefinitions()) walk(`/${d.name}`, d.options)
  return out
}

const fx = tableServicePerTest(1)

describe('every number a member types is bounded', () => {
  it('gives every numeric option of every command a minimum and a maximum Discord enforces', () => {
    const options = numericOptions()
    expect(options.length).toBeGreaterThan(10)
    for (const { path, option } of options) {
      if ('choices' in option && option.choices?.length) continue
      const bounds = option as { min_value?: number; max_value?: number }
      expect(bounds.min_value, `${path} min_value`).toBeTypeOf('number')
      expect(bounds.max_value, `${path} max_value`).toBeTypeOf('number')
      // Far below JavaScript's safe integers, so no sum of them can pass it.
      expect(bounds.max_value!, path).toBeLessThanOrEqual(1_000_000_000)
    }
  })

  it("bounds every engine option in the engine's own schema, as the slash option does", () => {
    for (const engine of Object.values(ENGINES)) {
      for (const spec of describeOptions(engine.optionsSchema)) {
        if (spec.kind !== 'integer' || spec.choices) continue
        expect(spec.max, `${engine.id} ${spec.name}`).toBeTypeOf('number')
        expect(spec.min, `${engine.id} ${spec.name}`).toBeTypeOf('number')
        const over = engine.optionsSchema.safeParse({ [spec.name]: spec.max! + 1 })
        expect(over.success, `${engine.id} ${spec.name} = max + 1`).toBe(false)
      }
    }
  })

  it('refuses /badugi start big_blind:9007199254740991 in the engine and at the table service', async () => {
    const badugi = engineFor('badugi')!
    expect(badugi.optionsSchema.safeParse({ bigBlind: Number.MAX_SAFE_INTEGER }).success).toBe(false)
    const refused = await fx.tables.create({
      guildId: 'g1',
      channelId: 'c1',
      game: 'badugi',
      creatorId: 'u1',
      options: { bigBlind: Number.MAX_SAFE_INTEGER, smallBlind: 1 },
    })
    expect(refused.ok).toBe(false)
    expect(await fx.tables.inChannel('g1', 'c1')).toBeNull()
  })

  it("refuses a buy-in or a break past the slash option's bound at the table service", async () => {
    const base = { guildId: 'g1', channelId: 'c1', game: 'bura', creatorId: 'u1' }
    expect((await fx.tables.create({ ...base, buyIn: TABLE_BOUNDS.buyIn.max + 1 })).ok).toBe(false)
    expect((await fx.tables.create({ ...base, breakSeconds: (TABLE_BOUNDS.breakMinutes.max + 1) * 60 })).ok).toBe(false)
    expect(await fx.tables.inChannel('g1', 'c1')).toBeNull()
    expect((await fx.tables.create({ ...base, buyIn: 100 })).ok).toBe(true)
  })

  it("refuses a settings value past the slash option's bound in the settings schema", () => {
    const set = commandDefinitions()
      .find((d) => d.name === 'settings')!
      .options!.find((o) => o.name === 'set') as { options: APIApplicationCommandOption[] }
    const field: Record<string, string> = {
      starting_chips: 'startingGrant',
      daily_chips: 'dailyAmount',
      stakes: 'defaultStakes',
      buy_in: 'defaultBuyIn',
      max_tables: 'maxTables',
    }
    for (const o of set.options) {
      if (o.type !== ApplicationCommandOptionType.Integer) continue
      const name = field[o.name]
      expect(name, `/settings set ${o.name} is mapped here`).toBeDefined()
      const { max_value: max } = o as { max_value: number }
      expect(settingsPatchSchema.safeParse({ [name!]: max }).success, o.name).toBe(true)
      expect(settingsPatchSchema.safeParse({ [name!]: max + 1 }).success, o.name).toBe(false)
    }
  })
})
