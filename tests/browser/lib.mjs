// Shared helpers of the browser tests: Debian's chromium driven by playwright-core.
import { chromium } from "../../web/node_modules/playwright-core/index.mjs";
import { mkdirSync } from "node:fs";

export const BASE = process.env.BASE_URL ?? "http://127.0.0.1:8000";
export const OUT = process.env.ARTIFACTS ?? "var/browser";
mkdirSync(OUT, { recursive: true });

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

export async function newPlayer(browser, name, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error(`[${name}] page error:`, e.message));
  await page.goto(BASE + "/");
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill("Pw-" + name + "-long-enough");
  await page.getByRole("button", { name: "Register" }).click();
  await page.getByRole("button", { name: "New match" }).waitFor();
  return page;
}

/** The same player in a fresh browser context (no localStorage of the first one). */
export async function logIn(browser, name, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error(`[${name}] page error:`, e.message));
  await page.goto(BASE + "/");
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill("Pw-" + name + "-long-enough");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("button", { name: "New match" }).waitFor();
  return page;
}

export async function createMatch(page, { ruleset, seats, bots = 0, level = "MEDIUM", turnSeconds = "", priv = false }) {
  await page.getByLabel("Ruleset").selectOption(ruleset);
  await page.getByLabel("Seats", { exact: true }).fill(String(seats));
  await page.getByLabel("Bots", { exact: true }).fill(String(bots));
  await page.getByLabel("Bot level").selectOption(level);
  await page.getByLabel("Turn seconds").selectOption(String(turnSeconds));
  if (priv) await page.getByLabel("Private (invite only)").check();
  await page.getByRole("button", { name: "New match" }).click();
  await page.waitForURL(/#\/match\//);
}

/** Drag with real pointer events (dnd-kit's pointer sensor). */
export async function drag(page, from, to) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

export async function shot(page, name) {
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
}

export function check(cond, message) {
  if (!cond) throw new Error("check failed: " + message);
}
