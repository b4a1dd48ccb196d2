import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { engineIds } from '../../src/games/registry.js'

/** `npm start` runs the build; `npm run dev` the sources through tsx: both must serve the same. */
const WAYS = [
  { way: 'the compiled build (npm start)', args: ['--enable-source-maps', resolve('dist/main.js')] },
  {
    way: 'the sources through tsx (npm run dev)',
    args: ['--import', import.meta.resolve('tsx'), resolve('src/main.ts')],
  },
]
const children: ChildProcess[] = []
const dirs: string[] = []

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL')
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** `npm start` with no token and no .env, in an empty folder; resolves once `until` matches the output. */
function start(
  args: readonly string[],
  env: Record<string, string>,
  until: RegExp,
): Promise<{ child: ChildProcess; out: () => string; code: Promise<number | null> }> {
  const cwd = mkdtempSync(join(tmpdir(), 'sandbox-start-'))
  dirs.push(cwd)
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH!, DOTENV_CONFIG_PATH: '/nonexistent/.env', ...env },
  })
  children.push(child)
  let out = ''
  const code = new Promise<number | null>((done) => child.on('close', done))
  return new Promise((ready, fail) => {
    const check = (d: Buffer) => {
      out += d.toString()
      if (until.test(out)) ready({ child, out: () => out, code })
    }
    child.stdout.on('data', check)
    child.stderr.on('data', check)
    void code.then(() =>
      until.test(out) ? ready({ child, out: () => out, code }) : fail(new Error(`exited without ${until}: ${out}`)),
    )
  })
}

// The build from the sources as they are now, as `npm install` makes it.
beforeAll(() => {
  const built = spawnSync('npm', ['run', 'build'], { encoding: 'utf8' })
  expect(built.status, built.stdout + built.stderr).toBe(0)
}, 600_000)

describe.each(WAYS)('npm start without a token, $way', ({ args }) => {
  // With NODE_ENV=production it stays an error: test/bot/config.test.ts.
  it('prints the set-up steps, then serves the sandbox page with the real bot behind it', async () => {
    const run = await start(args, { SANDBOX_PORT: '0' }, /Sandbox: (http:\/\/127\.0\.0\.1:\d+)/)
    const url = /Sandbox: (http:\/\/127\.0\.0\.1:\d+)/.exec(run.out())![1]!
    expect(run.out()).toContain('No DISCORD_TOKEN is set')
    expect(await (await fetch(url)).text()).toContain('Card tables sandbox')
    // The page's script, bundled from src/sandbox/page at start-up.
    const script = await fetch(`${url}/app.js`)
    expect(script.status).toBe(200)
    expect(await script.text()).toContain('/api/state')
    const state = (await (await fetch(`${url}/api/state?member=bob`)).json()) as {
      me: string
      commands: { name: string }[]
    }
    expect(state.me).toBe('bob')
    expect(state.commands.map((c) => c.name)).toEqual(expect.arrayContaining(engineIds()))
    expect(existsSync(join(dirs[0]!, 'data', 'sandbox.db'))).toBe(true)
    run.child.kill('SIGTERM')
    expect(await run.code).toBe(0)
  })
})
