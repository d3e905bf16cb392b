import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (Playwright's own browser download is out of reach), or `CHROMIUM_PATH`. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium 14x's headless mode opens a real browser window for each new context, and with it the
 * omnibox's dropdown and its AI Mode panel as web pages of their own (chrome://omnibox-popup.top-chrome):
 * about 1.5 s of CPU each time, while the page under test loads on the same two cores. Nobody types in
 * these windows' address bars, so both are off.
 */
const ARGS = ['--no-sandbox', '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup'];

/** Launches Chromium headless; refused in words when it is not installed. */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}
