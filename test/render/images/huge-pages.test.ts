import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** What the canvas library's allocator reports it was set to, when a drawing file is the first to load it. */
function allocatorSetting(env: Record<string, string> = {}): string | undefined {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '-e', "await import('./src/render/images/paint.ts')"],
    // MIMALLOC_VERBOSE makes the allocator print its settings as it starts.
    { env: { PATH: process.env.PATH, ...env, MIMALLOC_VERBOSE: '1' }, encoding: 'utf8', timeout: 30_000 },
  )
  expect(run.status, run.stderr).toBe(0)
  return /option 'allow_thp': (\d+)/.exec(run.stderr)?.[1]
}

describe('the canvas library and huge pages', () => {
  it('loads with transparent huge pages off for its pictures', () => {
    expect(allocatorSetting()).toBe('0')
    // As a .env copied from .env.example leaves it.
    expect(allocatorSetting({ MIMALLOC_ALLOW_THP: '' })).toBe('0')
  })

  it("keeps an operator's own setting", () => {
    expect(allocatorSetting({ MIMALLOC_ALLOW_THP: '1' })).toBe('1')
  })
})
