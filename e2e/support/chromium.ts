// Debian's Chromium, as every browser run here starts it (the journeys and the page-weight
// benchmark): headless, no sandbox (CI runs as root), and nothing that reaches the network on
// its own. CHROMIUM_PATH points elsewhere when the browser lives elsewhere.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
