import { describe, expect, it } from 'vitest'
import { commandDefinitions } from '../../src/commands/index.js'
import { registerCommands } from '../../src/sandbox/discord/commands.js'
import { HttpError } from '../../src/sandbox/discord/errors.js'
import type { World } from '../../src/sandbox/discord/world.js'

// Checks fail before the world is touched; a registration that passes only needs ids.
let id = 0
const world = { nextId: () => String(++id), bot: { id: 'bot' } } as unknown as World

/** The error tree Discord would answer, or null when the commands register. */
function refusal(bodies: object[]): unknown {
  try {
    registerCommands(world, bodies, [])
    return null
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).body).toMatchObject({ code: 50035, message: 'Invalid Form Body' })
    return (error as HttpError).body.errors
  }
}

const command = (extra: object, option: object = {}) => ({
  name: 'chips',
  description: 'Your chips',
  ...extra,
  options: [{ type: 3, name: 'game', description: 'Which game', ...option }],
})

describe('fake Discord: command localisations', () => {
  it("registers the bot's commands with their German names and descriptions", () => {
    expect(refusal(commandDefinitions() as unknown as object[])).toBeNull()
  })

  it('refuses a German name with a space or capitals, and an unknown locale', () => {
    expect(refusal([command({ name_localizations: { de: 'mein konto' } })])).toHaveProperty(
      '0.name_localizations.de._errors.0.code',
      'APPLICATION_COMMAND_INVALID_NAME',
    )
    expect(refusal([command({}, { name_localizations: { de: 'Spiel' } })])).toHaveProperty(
      '0.options.0.name_localizations.de._errors.0.code',
      'APPLICATION_COMMAND_INVALID_NAME',
    )
    expect(refusal([command({ name_localizations: { german: 'chips' } })])).toHaveProperty(
      '0.name_localizations.german._errors.0.code',
      'BASE_TYPE_CHOICE_NOT_VALID',
    )
  })

  it('refuses a German description or choice name that is empty or over 100 characters', () => {
    expect(refusal([command({ description_localizations: { de: 'x'.repeat(101) } })])).toHaveProperty(
      '0.description_localizations.de._errors.0.code',
      'BASE_TYPE_BAD_LENGTH',
    )
    expect(
      refusal([command({}, { choices: [{ name: 'Bura', value: 'bura', name_localizations: { de: '' } }] })]),
    ).toHaveProperty('0.options.0.choices.0.name_localizations.de._errors.0.code', 'BASE_TYPE_BAD_LENGTH')
  })
})
