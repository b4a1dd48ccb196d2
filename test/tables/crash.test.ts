import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { ENGINES, gameLookup } from '../../src/games/registry.js'
import { openStore, type Store } from '../../src/store/index.js'
import { rebuildState, TableService } from '../../src/tables/index.js'

let dir = ''
let store: Store | undefined
afterEach(async () => {
  await store?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Runs the worker until it has acknowledged `acks` actions, then kills it with SIGKILL. */
function runAndKill(url: string, acks: number, seed = acks): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/tables/crash-worker.ts', url, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const acked: string[] = []
    let buffer = ''
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString()
      const lines = buffer.split('\n')
      buffer = lines.pop()!
      for (const line of lines) if (line.startsWith('ack ')) acked.push(line.slice(4))
      // Killed while it goes on writing: the next transaction is in flight or about to be.
      if (acked.length >= acks && !child.killed) child.kill('SIGKILL')
    })
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acked)
      else reject(new Error(`worker exited with ${code}: ${stderr}`))
    })
  })
}

describe('crash safety', () => {
  test('a process killed with SIGKILL mid-stream loses no acknowledged action and half-applies none', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-test-'))
    const url = `file:${path.join(dir, 'bot.db')}`
    // Two runs on the same file, killed at different points of the stream.
    const acked = [...(await runAndKill(url, 37)), ...(await runAndKill(url, 61))]
    expect(acked.length).toBeGreaterThanOrEqual(98)

    store = await openStore({ url })
    const report = await store.audit()
    expect(report.problems).toEqual([])
    expect(report.granted).toBeGreaterThan(0)

    const tables = await store.prisma.gameTable.findMany({ select: { id: true } })
    const logged = new Set<string>()
    for (const { id } of tables) {
      const rec = (await store.tables.get(id))!
      const log = await store.actions.list(id)
      for (const e of log) if (e.interactionId) logged.add(e.interactionId)
      // Nothing half-written: the log is complete up to the stored state, which it rebuilds exactly.
      expect(log.length).toBe(rec.logSize)
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i))
      if (rec.state !== null) expect(rebuildState(ENGINES.bura, log)).toEqual(rec.state)
    }
    // Every acknowledged interaction is recorded as applied; every acknowledged move is in a log.
    const applied = new Set((await store.prisma.interaction.findMany({ select: { id: true } })).map((i) => i.id))
    for (const id of acked.filter((a) => a.startsWith('crash-'))) expect(applied, `acknowledged ${id}`).toContain(id)
    for (const id of logged) expect(applied).toContain(id)
    expect(logged.size).toBeGreaterThan(30)
    // Joins and starts that were acknowledged are there too.
    for (const id of acked.filter((a) => a.startsWith('start-')))
      expect((await store.tables.get(id.slice(6)))!.status).not.toBe('lobby')

    // After the restart the table plays on.
    const service = new TableService({ games: gameLookup, store })
    const active = await service.activeTables()
    const playing = active.find((a) => a.status === 'playing')
    if (playing) {
      const t = (await service.get(playing.id))!
      if (t.progress === 'acting') {
        const user = t.waitingFor[0]!
        const position = t.seats.find((s) => s.userId === user)!.position!
        const move = ENGINES.bura.legalActions(t.state, position)[0]
        expect((await service.act(t.id, user, move, { expectedVersion: t.version })).ok).toBe(true)
      }
    }
    expect((await store.audit()).ok).toBe(true)
  }, 180_000)
})
