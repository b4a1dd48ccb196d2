import { once } from 'node:events'
import { Client, Events, GatewayIntentBits, type ClientOptions, type Interaction } from 'discord.js'
import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10'
import type { FakeDiscord } from '../../src/sandbox/discord/index.js'

/**
 * A tiny real discord.js client for the fake's own tests (the project's bot is tested separately):
 * it logs in through the fake, registers `commands` globally and hands interactions to `handle`.
 */
export async function startTestClient(
  discord: FakeDiscord,
  commands: RESTPutAPIApplicationCommandsJSONBody,
  handle: (interaction: Interaction) => Promise<unknown>,
  options: Partial<ClientOptions> = {},
): Promise<Client<true>> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...options,
    rest: { api: `${discord.url}/api`, ...options.rest },
  })
  client.on(Events.InteractionCreate, (interaction) => {
    // A handler failure must show in the test output, not vanish.
    handle(interaction).catch((error: unknown) => console.error('test client handler failed:', error))
  })
  const ready = once(client, Events.ClientReady)
  await client.login(discord.token)
  await ready
  await client.application!.commands.set(commands)
  return client as Client<true>
}
