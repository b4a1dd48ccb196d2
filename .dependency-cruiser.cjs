// The layers of the bot and which may import which (docs/architecture.md draws them). Imports run
// one way, down this list; a rule below names each import that would run up, and CI fails on any.
//
//   src/lib                 tiny utilities: clock, log, lru, gate, serial queue, crash points
//   src/core                the shared pure card core
//   src/games/<g>/rules     each game's pure rules engine
//   src/i18n, src/ai        translations; the AI machinery (search, budgets, seat histories)
//   src/store               the database
//   src/tables              the table service (one transaction per change)
//   src/render              the render kit every game's renderer uses
//   src/games/<g>/*.ts      a game's renderer, pictures, AI and module
//   src/games/registry.ts   the one list of games
//   src/messages            the bot's messages, put together from a table and its game
//   src/discord             delivery: everything that talks to Discord for a table
//   src/commands, src/scheduler   answers to commands and controls; turn timers and AI turns
//   src/bot.ts, main.ts, cli, arena, sharding, sandbox, metrics   the application and its tools
const LIB = '^src/lib/'
const CORE = '^src/core/'
const RULES = '^src/games/[^/]+/rules/'
const I18N = '^src/i18n/'
const AI = '^src/ai/'
const STORE = '^src/store/'
const TABLES = '^src/tables/'
const RENDER = '^src/render/'
const MODULES = '^src/games/(?!registry\\.ts|replay\\.ts)[^/]+/(?!rules/)[^/]+\\.ts$'
const REGISTRY = '^src/games/registry\\.ts$'
const MESSAGES = '^src/messages/'
const DISCORD = '^src/discord/'
const COMMANDS = '^src/commands/'
const SCHEDULER = '^src/scheduler/'
const APP = '^src/(bot|main|config|deploy-commands)\\.ts$|^src/(cli|arena|sharding|sandbox|metrics)/'
const FAKE = '^src/sandbox/discord/'

/** A layer may import only itself and the layers listed. */
const only = (name, from, allowed, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: '^src/', pathNot: [from, ...allowed].join('|') },
})

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles: every file can be read after the files it imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    only('lib-imports-nothing', LIB, [], 'src/lib is below everything: it imports nothing of the bot.'),
    only('core-is-pure', CORE, [], 'The card core imports only itself (and zod).'),
    {
      name: 'rules-are-pure',
      comment: "A game's rules import only the card core, zod and their own folder.",
      severity: 'error',
      from: { path: '^src/games/([^/]+)/rules/' },
      to: { path: '^src/', pathNot: [CORE, '^src/games/$1/rules/'].join('|') },
    },
    {
      name: 'rules-import-only-zod',
      comment: "A game's rules and the card core use no package but zod.",
      severity: 'error',
      from: { path: [CORE, RULES].join('|') },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer'], pathNot: 'node_modules/zod/' },
    },
    only('i18n-below-games', I18N, [LIB], 'Translations know no game, store or Discord.'),
    only('ai-plays-from-history', AI, [LIB, CORE], 'The AI machinery sees engines only through the card core.'),
    only(
      'store-below-tables',
      STORE,
      [LIB, CORE, I18N],
      'The store never imports the table service, render or Discord.',
    ),
    only(
      'tables-below-render',
      TABLES,
      [LIB, CORE, I18N, AI, STORE],
      'The table service gets its games injected: no registry, render, message or Discord import.',
    ),
    only(
      'render-kit-knows-no-game',
      RENDER,
      [LIB, CORE, I18N, AI, TABLES, STORE],
      'The render kit is below the games.',
    ),
    only(
      'game-modules-below-registry',
      MODULES,
      [LIB, CORE, RULES, I18N, AI, STORE, TABLES, RENDER],
      "A game's renderer, pictures and AI import the kits below them, not the registry or the messages.",
    ),
    only(
      'registry-below-messages',
      REGISTRY,
      [LIB, CORE, RULES, I18N, AI, STORE, TABLES, RENDER, MODULES],
      'The registry lists games; it knows no message, delivery or command.',
    ),
    only(
      'messages-below-delivery',
      MESSAGES,
      [LIB, CORE, RULES, I18N, AI, STORE, TABLES, RENDER, MODULES, REGISTRY],
      'Messages are put together, never sent, here.',
    ),
    only(
      'delivery-below-commands',
      DISCORD,
      [LIB, CORE, I18N, AI, STORE, TABLES, RENDER, REGISTRY, MESSAGES],
      'Delivery knows no command or scheduler.',
    ),
    only(
      'commands-never-touch-the-store',
      COMMANDS,
      [LIB, CORE, I18N, AI, TABLES, RENDER, REGISTRY, MESSAGES, DISCORD],
      'Commands change tables through the table service only, never the store; they know no scheduler.',
    ),
    only(
      'scheduler-beside-commands',
      SCHEDULER,
      [LIB, CORE, I18N, AI, TABLES, RENDER, REGISTRY, MESSAGES, DISCORD],
      'Timers and AI turns act through the table service and show through the desk.',
    ),
    only('fake-discord-stands-alone', FAKE, [LIB], 'The fake Discord is Discord: it knows nothing of the bot.'),
    {
      name: 'nothing-imports-the-app',
      comment: 'The application and its tools sit on top: no layer imports them.',
      severity: 'error',
      from: { path: '^src/', pathNot: APP },
      to: { path: APP },
    },
    {
      name: 'no-test-code-in-src',
      comment: 'The bot never imports tests or benches.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|sim)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/|^src/sandbox/page/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
}
