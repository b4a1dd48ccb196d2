/** Render: game views and table data → Discord message payloads. See docs/render.md. */
export * from './custom-id.js'
export * from './payload.js'
export * from './limits.js'
export * from './messages.js'
export * from './table.js'
export type { RenderContext, RenderSeat, RenderTable } from './types.js'
