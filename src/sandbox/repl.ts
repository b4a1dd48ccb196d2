/**
 * A standalone fake Discord for trying the bot by hand:
 *   npx tsx test/fake-discord/serve.ts            (port 8790, or FAKE_DISCORD_PORT)
 *   DISCORD_TOKEN=fake-discord-token DISCORD_API_URL=http://127.0.0.1:8790 npm start
 * Then type lines like `alice /bura start ante=10`, `bob click last Join`, `bob sees` (see `help`).
 */
import { createInterface } from 'node:readline'
import { ManualClock } from './discord/manual-clock.js'
import { startFakeDiscord, type Answer, type FakeMember, type FakeMessage } from './discord/index.js'
import type { OptionValue } from './discord/commands.js'

const TOKEN = 'fake-discord-token'
const port = Number(process.env.FAKE_DISCORD_PORT ?? 8790)

// The fake's clock follows real time here (tests move it by hand instead).
const clock = new ManualClock(Date.now())
let last = Date.now()
setInterval(() => {
  const now = Date.now()
  void clock.advance(now - last)
  last = now
}, 250).unref()

const discord = await startFakeDiscord({ port, token: TOKEN, clock })
const guild = discord.guild('Test Server')
const channel = guild.channel('cards')
const members: Record<string, FakeMember> = {
  alice: guild.member('alice'),
  bob: guild.member('bob'),
  carol: guild.member('carol', { admin: true }),
}

process.stdout.write(
  [
    `Fake Discord listening on ${discord.url}`,
    `  token:       ${discord.token}`,
    `  application: ${discord.applicationId}`,
    `  guild:       ${guild.name} (${guild.id}), channel #${channel.name} (${channel.id})`,
    `  members:     alice, bob, carol (admin)`,
    `Run the bot against it:`,
    `  DISCORD_TOKEN=${discord.token} DISCORD_API_URL=${discord.url} DEV_GUILD_ID=${guild.id} npm start`,
    `Type "help" for commands.`,
    '',
  ].join('\n'),
)

function show(m: FakeMessage | Answer): string {
  const who = m.ephemeralFor
    ? ` (only ${Object.keys(members).find((n) => members[n]!.id === m.ephemeralFor) ?? m.ephemeralFor})`
    : ''
  const buttons = JSON.stringify(m.components)
    .match(/"label":"[^"]*"|"custom_id":"[^"]*"/g)
    ?.join(' ')
  const embeds = m.embeds.map((e) =>
    [e.title, e.description, ...(e.fields ?? []).map((f) => `${f.name}: ${f.value}`)].filter(Boolean).join(' | '),
  )
  return [
    `[${m.id}]${who} ${m.content}`,
    ...embeds.map((e) => `  embed: ${e}`),
    ...(buttons ? [`  controls: ${buttons}`] : []),
  ].join('\n')
}

function parseValue(raw: string): OptionValue {
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw)
  if (raw === 'true' || raw === 'false') return raw === 'true'
  if (raw.startsWith('@') && members[raw.slice(1)]) return members[raw.slice(1)]!
  return raw
}

const messageRef = (ref: string) => (ref === 'last' ? (channel.lastMessage()?.id ?? '') : ref)

async function run(line: string): Promise<string> {
  const words = line.trim().split(/\s+/)
  const [first = '', second = ''] = words
  if (first === 'help' || first === '') {
    return [
      '<member> /<command> [sub] [name=value ...]   run a slash command (value: number, true/false, @member, text)',
      '<member> click <messageId|last> <label or custom_id>',
      '<member> select <messageId|last> <custom_id> <value,value>',
      '<member> sees                                the messages this member can see',
      'join <name> [admin]                          add a member',
      'advance <minutes>                            move the fake clock forward',
      'drop                                         cut the gateway connection (the bot resumes)',
      'failures                                     interactions that failed, unknown routes',
    ].join('\n')
  }
  if (first === 'join') {
    members[second] = guild.member(second, { admin: words[2] === 'admin' })
    return `${second} joined`
  }
  if (first === 'advance') {
    await clock.advance(Number(second) * 60_000)
    return `clock now ${new Date(clock.now()).toISOString()}`
  }
  if (first === 'drop') {
    await discord.dropConnection()
    return 'the bot reconnected'
  }
  if (first === 'failures') {
    return JSON.stringify({ failed: discord.failedInteractions, unknownRoutes: discord.unknownRoutes }, null, 2)
  }
  const member = members[first]
  if (!member) return `unknown member or command "${first}" (type help)`
  if (second === 'sees') return member.visible(channel).map(show).join('\n') || '(nothing)'
  if (second === 'click') return show(await member.click(messageRef(words[2] ?? ''), words.slice(3).join(' ')))
  if (second === 'select')
    return show(await member.select(messageRef(words[2] ?? ''), words[3] ?? '', (words[4] ?? '').split(',')))
  if (second.startsWith('/')) {
    const path = words.slice(1).filter((w) => !w.includes('='))
    const values = Object.fromEntries(
      words
        .slice(1)
        .filter((w) => w.includes('='))
        .map((w) => [w.slice(0, w.indexOf('=')), parseValue(w.slice(w.indexOf('=') + 1))]),
    )
    return show(await member.slash(channel, path.join(' '), values))
  }
  return 'type help'
}

const rl = createInterface({ input: process.stdin, output: process.stdout, prompt: '> ' })
rl.prompt()
rl.on('line', (line) => {
  run(line)
    .then((out) => process.stdout.write(`${out}\n`))
    .catch((error: unknown) => process.stdout.write(`! ${error instanceof Error ? error.message : String(error)}\n`))
    .finally(() => rl.prompt())
})
const shutdown = () => {
  rl.close()
  void discord.stop().then(() => process.exit(0))
}
rl.on('close', shutdown)
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
