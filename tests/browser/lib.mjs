// Shared helpers of the browser tests: Debian's chromium driven by playwright-core.
import { chromium } from "../../web/node_modules/playwright-core/index.mjs";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const AXE = fileURLToPath(new URL("../../web/node_modules/axe-core/axe.min.js", import.meta.url));

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

// Uncaught errors of the pages (an exception, an unhandled rejection): a scenario fails
// on any of them at its end (see scenarios.mjs).
export const pageErrors = [];
function watch(page, name) {
  page.on("pageerror", (e) => {
    console.error(`[${name}] page error:`, e.message);
    pageErrors.push(`[${name}] ${e.message}`);
  });
}

export async function newPlayer(browser, name, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  watch(page, name);
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
  watch(page, name);
  await page.goto(BASE + "/");
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill("Pw-" + name + "-long-enough");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("button", { name: "New match" }).waitFor();
  return page;
}

export async function createMatch(page, { ruleset, seats, bots = 0, level = "MEDIUM", turnSeconds = "", priv = false, options = {} }) {
  await page.getByLabel("Ruleset").selectOption(ruleset);
  for (const [label, value] of Object.entries(options)) await page.getByLabel(label, { exact: true }).fill(String(value));
  await page.getByLabel("Seats", { exact: true }).fill(String(seats));
  await page.getByLabel("Bots", { exact: true }).fill(String(bots));
  await page.getByLabel("Bot level").selectOption(level);
  await page.getByLabel("Turn seconds").selectOption(String(turnSeconds));
  if (priv) await page.getByLabel("Private (invite only)").check();
  await page.getByRole("button", { name: "New match" }).click();
  await page.waitForURL(/#\/match\//);
}

/** Drag with real pointer events (dnd-kit's pointer sensor), onto the middle of `to` or,
 * with `at` (x, y within `to`'s box, from its top left), onto that point. */
export async function drag(page, from, to, at = null) {
  // Both in sight, the target not under the hand (sticky at the bottom on a phone).
  await to.evaluate((e) => e.scrollIntoView({ block: "center" }));
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  const [x, y] = at ? [b.x + at[0], b.y + at[1]] : [b.x + b.width / 2, b.y + b.height / 2];
  const onTarget = await to.evaluate((e, [px, py]) => e.contains(document.elementFromPoint(px, py)), [x, y]);
  check(onTarget, `the drop point (${Math.round(x)}, ${Math.round(y)}) is on its target`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(x, y, { steps: 8 });
  // Aim again should the page have moved meanwhile (the log, a seat's line arriving).
  const c = await to.boundingBox();
  await page.mouse.move(at ? c.x + at[0] : c.x + c.width / 2, at ? c.y + at[1] : c.y + c.height / 2, { steps: 2 });
  await page.mouse.up();
  // dnd-kit swallows every click of the 50 ms after a drag (core's PointerSensor.detach):
  // a test's next click comes after them, as a person's would.
  await page.waitForTimeout(80);
}

export async function shot(page, name) {
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
}

export function check(cond, message) {
  if (!cond) throw new Error("check failed: " + message);
}

/** The viewport as the player sees it (not the whole page): the sticky hand, the fold. */
export async function view(page, name) {
  await page.screenshot({ path: `${OUT}/${name}.png` });
}

/** axe-core (injected from npm) on the page as it is: no serious or critical violation. */
export async function axe(page, where) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
  check(found.length === 0, `axe on ${where}: ${found.join("; ")}`);
  return found;
}

/** Nothing sticks out sideways (a phone's 360 px, long Dutch words). */
export async function noOverflow(page, where) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  check(scroll <= width, `${where}: the page is ${scroll} px wide in a ${width} px window`);
}

/** A setting of the header's menu (sounds, card size). */
export async function openMenu(page) {
  if (!(await page.getByTestId("menu").count())) await page.locator("[data-action=menu]").click();
  await page.getByTestId("menu").waitFor();
}
export async function soundsOn(page) {
  await openMenu(page);
  const toggle = page.locator("[data-action=sound]");
  if ((await toggle.getAttribute("aria-pressed")) !== "true") await toggle.click();
  check((await toggle.getAttribute("aria-pressed")) === "true", "sounds on");
  await page.locator("[data-action=menu]").click();
}
/** The sounds the page played (sound.ts keeps their names in window.__sounds). */
export const sounds = (page) => page.evaluate(() => window.__sounds ?? []);
