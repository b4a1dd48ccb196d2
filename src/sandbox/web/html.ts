/** The page shell; the script (/app.js) draws the channel with Discord's look. */
export const PAGE_HTML =
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card tables sandbox</title>
<style>
  body { margin: 0; background: #313338; color: #dbdee1; font-family: 'gg sans', 'Noto Sans', 'Helvetica Neue', ` +
  `Helvetica, Arial, sans-serif; }
  header, footer { position: sticky; z-index: 2; background: #2b2d31; padding: 8px 16px; display: flex; gap: ` +
  `12px; align-items: center; flex-wrap: wrap; }
  header { top: 0; border-bottom: 1px solid #1e1f22; }
  footer { bottom: 0; border-top: 1px solid #1e1f22; }
  header h1 { font-size: 16px; margin: 0 12px 0 0; color: #f2f3f5; }
  a { color: #00a8fc; margin-right: 6px; }
  select, input, button { background: #1e1f22; color: #dbdee1; border: 1px solid #3f4147; border-radius: 4px; ` +
  `padding: 4px 6px; font: inherit; }
  button { cursor: pointer; }
  button#send, button.choose { background: #5865f2; border-color: #5865f2; color: #fff; }
  button:disabled { opacity: .5; cursor: not-allowed; }
  #channel { min-height: calc(100vh - 140px); }
  .options { display: flex; gap: 8px; flex-wrap: wrap; }
  .option { font-size: 13px; }
  #command-help { font-size: 12px; color: #b5bac1; }
  #status { font-size: 13px; }
  #status.error { color: #fa777c; }
  discord-message.ping { background: rgba(250, 168, 26, 0.1); }
  discord-message.ephemeral { background: rgba(88, 101, 242, 0.05); position: relative; }
  discord-message.ephemeral:hover { background: rgba(88, 101, 242, 0.1); }
  discord-message.ephemeral::before { content: ''; position: absolute; top: 0; left: 0; bottom: 0; width: 2px; ` +
  `background: #5865f2; pointer-events: none; }
  .ephemeral-note { margin-top: 4px; font-size: 12px; color: #949ba4; }
  .ephemeral-note .eye { margin-right: 4px; vertical-align: text-bottom; }
  .ephemeral-note .dismiss { color: #00a8fc; font-weight: 500; cursor: pointer; }
  .edited { font-size: 10px; color: #949ba4; }
  .embed-media { grid-column: 1 / 1; margin-top: 16px; }
  .embed-media img { display: block; max-width: 400px; max-height: 300px; border-radius: 4px; }
  img.emoji { width: 1.375em; height: 1.375em; vertical-align: bottom; object-fit: contain; }
  .subtext { font-size: 12px; color: #949ba4; }
  .quote { border-left: 4px solid #4e5058; padding-left: 8px; display: inline-block; }
  .select { margin: 4px 0; display: flex; gap: 8px; align-items: flex-start; }
  .thinking { color: #949ba4; }
</style>
</head>
<body>
<header>
  <h1>Card tables sandbox <span id="channel-name"></span></h1>
  <label>You are <select id="member" aria-label="member"></select></label>
  <label title="The language of this member's Discord client: the bot answers them in it">Discord language ` +
  `<select id="locale" aria-label="Discord language"></select></label>
  <button id="add-member" type="button">Add member</button>
  <span>Open a tab as: <span id="tabs"></span></span>
</header>
<discord-messages id="channel"></discord-messages>
<footer>
  <label>Command <select id="command" aria-label="command"></select></label>
  <span id="options"></span>
  <button id="send" type="button">Send</button>
  <span id="command-help"></span>
  <span id="status" role="status"></span>
</footer>
<script type="module" src="/app.js"></script>
</body>
</html>
`
