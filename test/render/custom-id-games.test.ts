import { describe, expect, it } from 'vitest'
import { ENGLISH } from '../../src/i18n/index.js'
import { gameModules } from '../../src/games/registry.js'
import { encodeCustomId, moveAction, moveId, type ControlAction } from '../../src/render/custom-id.js'
import { parseCustomId } from '../../src/messages/custom-ids.js'
import { renderHandView } from '../../src/messages/hand-view.js'
import { actionKey, offeredActions, tableFor, userId, walk } from './support.js'
import '../toy/registry.js'

/**
 * The custom_id codec knows no game: every registered game's moves (the toy game's included)
 * travel through it as their engine actions and come back as the same actions.
 */

const NOW = 1_800_000_000_000

for (const { engine } of gameModules())
  describe(`${engine.title} moves as custom_ids`, () => {
    it('come back as the same engine actions, and every control on a view reads back as itself', () => {
      let moves = 0
      for (const seed of [1, 2, 3]) {
        const players = Math.min(engine.maxPlayers, engine.minPlayers + seed - 1)
        walk(engine, players, seed, 120, {}, (state, step) => {
          if (engine.progress(state) !== 'acting') return
          const table = tableFor(engine, state, players, step)
          for (const seat of engine.waitingFor(state)) {
            for (const action of engine.legalActions(state, seat) as ControlAction[]) {
              const id = moveId(table.id, 'k3x9', { action })
              expect(id.length).toBeLessThanOrEqual(100)
              const parsed = parseCustomId(id)
              expect(parsed?.kind).toBe('move')
              const back = moveAction((parsed as Extract<typeof parsed, { kind: 'move' }>).move)
              expect(back).toEqual(action)
              expect(engine.actionSchema.parse(back)).toEqual(action)
              moves++
            }
            const view = renderHandView(ENGLISH, table, userId(seat), NOW)
            for (const row of view.components ?? [])
              for (const c of row.components) {
                const raw = 'custom_id' in c ? c.custom_id : null
                const parsed = parseCustomId(raw)
                expect(parsed, String(raw)).not.toBeNull()
                expect(encodeCustomId(parsed!)).toBe(raw)
              }
            // What the view's controls send is what the engine offers this seat.
            const legal = new Set(engine.legalActions(state, seat).map(actionKey))
            for (const a of offeredActions(view))
              expect(legal.has(actionKey(a)) || engine.apply(state, seat, a).ok, actionKey(a)).toBe(true)
          }
        })
      }
      expect(moves).toBeGreaterThan(20)
    })
  })
