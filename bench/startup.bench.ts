import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { BenchResult } from './harness.js'

/**
 * `npm run bench -- startup`: `npm start` without a token (the sandbox: the real bot, its database
 * migrated, the page bundled) from process start to the "Sandbox:" line, and its resident memory
 * then; the compiled build (dist/, what `npm start` runs) against the tsx loader (`npm run dev`),
 * runs alternating so both see the same machine load.
 */
const RUNS = 5
const ROOT = resolve(import.meta.dirname, '..')
const WAYS = {
  compiled: ['--enable-source-maps', join(ROOT, 'dist', 'main.js')],
  tsx: ['--import', import.meta.resolve('tsx'), join(ROOT, 'src', 'main.ts')],
} as const

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(join(ROOT, 'dist', 'main.js'))) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (built.status !== 0) throw new Error('npm run build failed')
  }
  const seen = { compiled: [] as Start[], tsx: [] as Start[] }
  for (let i = 0; i < RUNS; i++) {
    for (const way of ['compiled', 'tsx'] as const) seen[way].push(await startOnce(WAYS[way]))
  }
  return (['compiled', 'tsx'] as const).flatMap((way) => [
    { name: `startup ${way}: median time to ready`, value: median(seen[way].map((s) => s.ms)), unit: 'ms' },
    { name: `startup ${way}: median RSS at ready`, value: median(seen[way].map((s) => s.rssMb)), unit: 'MB' },
  ])
}

interface Start {
  readonly ms: number
  readonly rssMb: number
}

/** One start in an empty folder (a fresh SQLite file, no .env), stopped once it is ready. */
function startOnce(args: readonly string[]): Promise<Start> {
  const cwd = mkdtempSync(join(tmpdir(), 'bench-startup-'))
  const began = performance.now()
  const child = spawn(process.execPath, args, {
    cwd,
    // Port 0: any free port, so the bench never collides with a running sandbox.
    env: { PATH: process.env.PATH!, SANDBOX_PORT: '0', DOTENV_CONFIG_PATH: '/nonexistent/.env' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((done, fail) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      if (!/Sandbox: http/.test(out)) return
      const ms = performance.now() - began
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))
      child.kill('SIGTERM')
      child.once('close', () => {
        rmSync(cwd, { recursive: true, force: true })
        done({ ms, rssMb: Number(rss?.[1] ?? NaN) / 1024 })
      })
    })
    child.once('close', (code) => {
      if (!/Sandbox: http/.test(out)) fail(new Error(`start exited with ${code}:\n${out}`))
    })
  })
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}
