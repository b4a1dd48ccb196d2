import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const MAIN = resolve('src/main.ts')
const children: ChildProcess[] = []
const dirs: string[] = []

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL')
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** `npm start` with no token and no .env, in an empty folder; resolves once `until` matches the output. */
function start(
  env: Record<string, string>,
  until: RegExp,
): Promise<{ child: ChildProcess; out: () => string; code: Promise<number | null> }> {
  const cwd = mkdtempSync(join(tmpdir(), 'sandbox-start-'))
  dirs.push(cwd)
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), MAIN], {
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

describe('npm start without a token', () => {
  // With NODE_ENV=production it stays an error: test/bot/config.test.ts.
  it('prints the set-up steps, then serves the sandbox page with the real bot behind it', async () => {
    const run = await start({ SANDBOX_PORT: '0' }, /Sandbox: (http:\/\/127\.0\.0\.1:\d+)/)
    const url = /Sandbox: (http:\/\/127\.0\.0\.1:\d+)/.exec(run.out())![1]!
    expect(run.out()).toContain('No DISCORD_TOKEN is set')
    expect(await (await fetch(url)).text()).toContain('Card tables sandbox')
    const state = (await (await fetch(`${url}/api/state?member=bob`)).json()) as {
      me: string
      commands: { name: string }[]
    }
    expect(state.me).toBe('bob')
    expect(state.commands.map((c) => c.name)).toEqual(expect.arrayContaining(['bura', 'badugi', 'bugami']))
    expect(existsSync(join(dirs[0]!, 'data', 'sandbox.db'))).toBe(true)
    run.child.kill('SIGTERM')
    expect(await run.code).toBe(0)
  })
})
