// The browser tests of issues 13 and 29, one per name: `node tests/browser/scenarios.mjs
// NAME`. Each plays through the real client against the server at BASE_URL, prints "ok
// NAME" and saves screenshots under ARTIFACTS; any uncaught error of a page fails it.
import { launch, newPlayer, logIn, createMatch, drag, shot, view, check, axe, noOverflow, openMenu, soundsOn, sounds, pageErrors, BASE } from "./lib.mjs";

const uid = () => Math.random().toString(36).slice(2, 8);
const myTurn = (page) => page.locator(".seat.me[data-on-turn]");
const hand = (page) => page.locator("[data-testid=hand] [data-card]");
const codesOf = (locator) => locator.evaluateAll((els) => els.map((e) => e.dataset.card));
const bare = (code) => (code.startsWith("*") ? "*" : code);
// A card code left in a text meant for players ("7H", "JC", "10S"): cards are named as
// the player sees them ("7♥", "blue 11").
const RAW_CODE = /(?<![\w*])(10|[2-9AJQK])[SHDC](?!\w)/;
const rankOf = (c) => ({ A: 1, J: 11, Q: 12, K: 13 })[c.slice(0, -1)] ?? Number(c.slice(0, -1));

async function waitMyTurn(page, timeout = 60_000) {
  await myTurn(page).waitFor({ timeout });
}

// After a discard: my turn is over, or the hand was (going out by discarding, CR-OUT),
// which ends the match or deals the next hand, which I may open again.
async function discardAndWait(page, card, timeout = 10_000) {
  const title = await page.locator(".title").first().textContent();
  await card.click();
  await page.getByRole("button", { name: "Discard" }).click();
  await page.waitForFunction(
    (before) =>
      !document.querySelector(".seat.me[data-on-turn]") ||
      !!document.querySelector("[data-testid=result]") ||
      document.querySelector(".title")?.textContent !== before,
    title,
    { timeout },
  );
}

/** Three cards of `codes` that make a valid Robbers' meld (a group or a run, jokers
 * filling in; the ace low), as indexes; null if there are none. */
function smallMeld(codes) {
  const n = codes.length;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) for (let k = j + 1; k < n; k++) {
    const three = [codes[i], codes[j], codes[k]];
    const nat = three.filter((c) => c !== "*");
    if (nat.length === 0) continue;
    const ranks = nat.map(rankOf);
    const suits = nat.map((c) => c.slice(-1));
    const group = new Set(ranks).size === 1 && new Set(suits).size === nat.length;
    const sorted = [...ranks].sort((a, b) => a - b);
    const run = new Set(suits).size === 1 && new Set(ranks).size === nat.length && sorted[sorted.length - 1] - sorted[0] <= 2;
    if (group || run) return [i, j, k];
  }
  return null;
}

/** The cards the others laid since my last move, as the move log tells them (newest
 * first, down to my own last line). */
async function laidSinceMyMove(page) {
  return page.evaluate(() => {
    const mine = document.querySelector(".seat.me")?.dataset.seat;
    const out = [];
    for (const li of document.querySelectorAll("[data-testid=move-log] li[data-seq]")) {
      if (li.dataset.seat === mine) break;
      if (li.dataset.kind === "laid") out.push(...li.dataset.cards.split(" ").filter(Boolean));
    }
    return out;
  });
}

const scenarios = {
  // (4) An invalid meld shows its reason (the cards named as the player sees them) and
  // Commit stays off; every step by keyboard, with a visible focus. A card dropped into a
  // run goes where its rank belongs. A commit the server refuses (an opening below the
  // minimum) plays the "invalid" sound; sounds are off until switched on in the menu, and
  // the switch and the card size are kept in the browser.
  async invalid(browser) {
    const page = await newPlayer(browser, "inv" + uid());
    await openMenu(page);
    const toggle = page.locator("[data-action=sound]");
    check((await toggle.getAttribute("aria-pressed")) === "false", "sounds start off");
    await toggle.click();
    await page.locator("select[name=cardSize]").selectOption("L");
    await page.reload();
    await page.getByRole("button", { name: "New match" }).waitFor();
    await openMenu(page);
    check((await toggle.getAttribute("aria-pressed")) === "true", "sounds stay on after a reload");
    check((await page.locator("select[name=cardSize]").inputValue()) === "L", "the card size is kept");
    await page.locator("[data-action=menu]").click();
    // Every valid small meld is an opening below the minimum here (and jokers are many).
    await createMatch(page, { ruleset: "robbers", seats: 2, bots: 1, level: "EASY", options: { "Opening minimum": 200, Jokers: 6 } });
    await page.getByRole("button", { name: "Start" }).click();
    await waitMyTurn(page);
    const large = (await hand(page).first().boundingBox()).width;
    await openMenu(page);
    await page.locator("select[name=cardSize]").selectOption("M");
    await page.locator("[data-action=menu]").click();
    const medium = (await hand(page).first().boundingBox()).width;
    check(large > medium * 1.15, `the card size setting: ${large} px (large), ${medium} px (medium)`);

    const cards = await codesOf(hand(page));
    // Two cards of different rank and suit cannot be a meld.
    const a = cards.findIndex((c) => c !== "*");
    const b = cards.findIndex((c, i) => i !== a && c !== "*" && c.slice(-1) !== cards[a].slice(-1) && c.slice(0, -1) !== cards[a].slice(0, -1));
    const c = cards.findIndex((x, i) => i !== a && i !== b && x !== "*" && ![cards[a], cards[b]].some((y) => y.slice(0, -1) === x.slice(0, -1)));
    check(b >= 0 && c >= 0, "three cards of different ranks, not all of one suit");
    const tableBefore = await page.locator("[data-testid=table] [data-meld]").count();
    // By keyboard: Tab onto a card (a visible focus), Enter selects it, Enter on the
    // new-meld zone puts it there; then Enter on a meld's + button adds the next ones.
    await (a > 0 ? hand(page).nth(a - 1) : page.locator("[data-testid=hand] .hand-head button").last()).focus();
    await page.keyboard.press("Tab");
    const focused = await hand(page).nth(a).evaluate((e) => e === document.activeElement && e.matches(":focus-visible") && getComputedStyle(e).outlineStyle !== "none");
    check(focused, "Tab reaches the card, and its focus shows");
    await page.keyboard.press("Enter");
    check((await hand(page).nth(a).getAttribute("aria-pressed")) === "true", "Enter selects the card");
    await page.getByTestId("new-meld").focus();
    await page.keyboard.press("Enter");
    const meld = page.locator(`[data-testid=table] [data-meld="${tableBefore}"]`);
    await meld.locator("[data-card]").first().waitFor();
    for (const [n, code] of [[1, cards[b]], [2, cards[c]]]) {
      await page.locator(`[data-testid=hand] [data-card="${code}"]`).first().focus();
      await page.keyboard.press("Enter");
      await meld.locator("[data-action=put-here]").focus();
      await page.keyboard.press("Enter");
      await meld.locator("[data-card]").nth(n).waitFor();
    }
    const why = meld.getByTestId("meld-error");
    await page.waitForFunction(() => { const e = document.querySelector("[data-testid=meld-error]"); return e && !/needs at least/.test(e.textContent); });
    const reason = await why.textContent();
    check(reason && reason.length > 3 && !RAW_CODE.test(reason), "a reason, with the cards named as shown: " + reason);
    check(await page.getByRole("button", { name: "Commit" }).isDisabled(), "Commit is disabled");
    await shot(page, "invalid");
    await page.getByRole("button", { name: "Reset" }).click();
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=table] [data-meld]").length === n, tableBefore);
    check((await hand(page).count()) === cards.length, "Reset gives the cards back");

    // Placing: the higher card first, then the lower one dropped at the meld's right end:
    // the run shows in order (the lower first), not in the order of the drops.
    const suit = ["S", "H", "D", "C"].find((s) => new Set(cards.filter((x) => x.endsWith(s) && x !== "*").map(rankOf)).size >= 2);
    const same = [...new Set(cards.filter((x) => x !== "*" && x.endsWith(suit)))].sort((x, y) => rankOf(x) - rankOf(y));
    const [lo, hi] = [same[0], same[same.length - 1]];
    await drag(page, page.locator(`[data-testid=hand] [data-card="${hi}"]`).first(), page.getByTestId("new-meld"));
    await meld.locator("[data-card]").first().waitFor();
    const box = await meld.boundingBox();
    await drag(page, page.locator(`[data-testid=hand] [data-card="${lo}"]`).first(), meld, [box.width - 8, box.height / 2]);
    await meld.locator("[data-card]").nth(1).waitFor();
    const order = await codesOf(meld.locator("[data-card]"));
    check(JSON.stringify(order) === JSON.stringify([lo, hi]), `${lo} dropped after ${hi} goes first: ${order.join(" ")}`);
    await page.getByRole("button", { name: "Reset" }).click();
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=table] [data-meld]").length === n, tableBefore);

    // A valid meld below the opening minimum: the server refuses the commit, the reason
    // shows as an error, and the "invalid" sound plays. (No small meld in hand: draw and
    // look again next turn.)
    let refused = "";
    for (let turn = 0; turn < 8 && !refused; turn++) {
      if (turn > 0) {
        await page.getByRole("button", { name: "Draw" }).click();
        await page.waitForFunction(() => !document.querySelector(".seat.me[data-on-turn]"));
        await waitMyTurn(page);
      }
      const now = await codesOf(hand(page));
      const three = smallMeld(now);
      if (!three) continue;
      const target = page.locator(`[data-testid=table] [data-meld="${await page.locator("[data-testid=table] [data-meld]").count()}"]`);
      await drag(page, hand(page).nth(three[0]), page.getByTestId("new-meld"));
      await target.locator("[data-card]").first().waitFor();
      for (const code of [now[three[1]], now[three[2]]]) {
        const n = await target.locator("[data-card]").count();
        await drag(page, page.locator(`[data-testid=hand] [data-card="${code}"]`).first(), target);
        await target.locator("[data-card]").nth(n).waitFor();
      }
      await page.waitForFunction(() => [...document.querySelectorAll("button")].some((x) => x.textContent === "Commit" && !x.disabled), null, { timeout: 5_000 });
      await page.getByRole("button", { name: "Commit" }).click();
      await page.waitForFunction(() => document.querySelector("p[role=status]")?.textContent);
      refused = await page.locator("p[role=status]").textContent();
      check((await page.locator("p[role=status]").getAttribute("data-tone")) === "error", "a refusal shows as an error");
    }
    check(/opening|minimum/i.test(refused), "the opening is refused: " + refused);
    // With its numbers (Rejection.points, pointsNeeded), written by the client.
    check(/^An opening needs at least \d+ points; these melds make \d+\.$/.test(refused), "the refusal says the points: " + refused);
    check((await sounds(page)).includes("invalid"), "the invalid sound played: " + (await sounds(page)).join(","));
    // My next turn starts with its sound.
    await page.getByRole("button", { name: "Reset" }).click();
    await page.getByRole("button", { name: "Draw" }).click();
    await page.waitForFunction(() => !document.querySelector(".seat.me[data-on-turn]"));
    await waitMyTurn(page);
    await page.waitForFunction(() => (window.__sounds ?? []).includes("turn"));
    return `reason: ${reason}; ${lo} placed before ${hi}; refused: ${refused}; sounds: ${(await sounds(page)).join(",")}`;
  },

  // (6) A timed turn: its countdown (in the bar and on my seat), the low-time warning
  // with its sound, and after it runs out a notice of what happened to my draft.
  async timer(browser) {
    const page = await newPlayer(browser, "tim" + uid());
    await soundsOn(page);
    await createMatch(page, { ruleset: "robbers", seats: 2, bots: 1, level: "EASY", turnSeconds: 15 });
    await page.getByRole("button", { name: "Start" }).click();
    await waitMyTurn(page);
    const deadline = page.getByTestId("deadline");
    const first = Number(await deadline.getAttribute("data-seconds"));
    const shown = await deadline.textContent();
    check(first <= 15 && /^\d+ s$/.test(shown), `the deadline as a person reads it: "${shown}" (${first} s)`);
    check((await page.locator(".seat.me [data-testid=seat-clock]").count()) === 1, "a countdown on my seat");
    // A draft the deadline will undo: one card on a new meld.
    await drag(page, hand(page).first(), page.getByTestId("new-meld"));
    await page.locator("[data-testid=table] [data-card]").first().waitFor();
    await page.locator("[data-testid=deadline][data-low]").waitFor({ timeout: 20_000 });
    const later = Number(await deadline.getAttribute("data-seconds"));
    check(later < first && later <= 5, `the countdown runs to the warning: ${first} then ${later}`);
    check((await page.locator(".seat.me [data-testid=seat-clock].low").count()) === 1, "my seat's clock warns too");
    await page.waitForFunction(() => (window.__sounds ?? []).includes("low"));
    await shot(page, "timer-running");
    // Nobody acts: the turn expires, the draft is undone and I draw (RR-TIMER).
    await page.waitForFunction(() => !document.querySelector(".seat.me[data-on-turn]"), null, { timeout: 40_000 });
    const notice = page.getByTestId("turn-expired");
    await page.waitForFunction(() => /drew 1 card/.test(document.querySelector("[data-testid=turn-expired]")?.textContent ?? ""), null, { timeout: 10_000 });
    const text = await notice.locator("span").textContent();
    check(/undone/.test(text), "the notice says the draft was undone: " + text);
    check(/time ran out/.test(await page.getByTestId("move-log").textContent()), "the move log says so");
    await shot(page, "timer");
    // My next turn starts with its sound; the notice goes when I close it.
    await waitMyTurn(page, 30_000);
    await page.waitForFunction(() => (window.__sounds ?? []).includes("turn"));
    await notice.getByRole("button", { name: "Close" }).click();
    check((await notice.count()) === 0, "the notice closes");
    return `countdown ${first} → ${later} s (${shown}); ${text}`;
  },

  // (2) One player against three bots of Rummikub to the end of a round: the bots named
  // apart, the tiles told apart by shape, the cards the others laid since my last move
  // marked (data-changed) until I act, hints in a neutral style (or "No play found"),
  // Commit by keyboard; then the replay: a move list by round and turn, a slider,
  // autoplay, every hand, the event names in Dutch. axe on the match, result and replay.
  async rummikub(browser) {
    const page = await newPlayer(browser, "rk" + uid());
    await page.getByLabel("Ruleset").selectOption("rummikub");
    await page.getByLabel("Short deal").check();
    // The option ranges come from the preset's optionList.
    const rounds = page.getByLabel("Rounds");
    const [lo, hi] = [await rounds.getAttribute("min"), await rounds.getAttribute("max")];
    check(lo !== null && hi !== null && Number(lo) >= 1 && Number(hi) > Number(lo), `Rounds has the server's range: ${lo}..${hi}`);
    await rounds.fill("1");
    await createMatch(page, { ruleset: "rummikub", seats: 4, bots: 3, level: "EASY" });
    await page.getByRole("button", { name: "Start" }).click();
    // Seats show who plays them (Seat.controller): three bots, and me; each bot its name.
    await page.locator(".seat[data-controller=BOT] [data-testid=bot-badge]").nth(2).waitFor();
    check((await page.locator(".seat.me[data-controller=PLAYER]").count()) === 1, "my seat is played by me");
    const names = await page.locator(".seat strong").allTextContents();
    check(new Set(names).size === 4, "four seats, four names: " + names.join(" / "));
    await page.locator("[data-action=tour-skip]").click();
    const end = Date.now() + 240_000;
    let turns = 0;
    let committed = 0;
    let marked = 0;
    let noPlay = 0;
    let hints = 0;
    const shapes = new Map();
    const jokersSeen = new Set();
    let axed = false;
    let markedShot = false;
    while (Date.now() < end) {
      if (await page.getByTestId("result").count()) break;
      if (!(await myTurn(page).count())) {
        await page.waitForTimeout(300);
        continue;
      }
      turns++;
      // The tiles the others laid since my last move are marked, exactly those.
      await page.waitForFunction(() => !document.querySelector("[data-testid=table].drafting"));
      const expected = (await laidSinceMyMove(page)).map(bare).sort();
      const marks = (await codesOf(page.locator("[data-testid=table] [data-changed]"))).map(bare).sort();
      check(JSON.stringify(marks) === JSON.stringify(expected), `marked ${marks.join(" ")}; laid since my move ${expected.join(" ")}`);
      if (marks.length) {
        marked += marks.length;
        const anim = await page.locator("[data-testid=table] [data-changed] .face").first().evaluate((e) => getComputedStyle(e).animationName);
        check(anim === "arrive", "a marked tile arrives with a move: " + anim);
        if (!markedShot) await shot(page, "rummikub-marked");
        markedShot = true;
      }
      if (!axed && turns > 1) {
        await axe(page, "a match");
        axed = true;
      }
      for (const [code, shape] of await page.locator("[data-testid=hand] [data-card] .shape").evaluateAll((els) => els.map((e) => [e.closest("[data-card]").dataset.card, e.textContent]))) {
        shapes.set(code.slice(-1), [...(shapes.get(code.slice(-1)) ?? []), shape]);
      }
      const status = page.locator("p[role=status]");
      await page.getByRole("button", { name: "Hint" }).click();
      await page.waitForFunction(() => document.querySelector("p[role=status]")?.textContent, null, { timeout: 5_000 });
      const said = await status.textContent();
      check((await status.getAttribute("data-tone")) === "info", "a hint is information, not an error: " + said);
      check(!/\(0 points\)/.test(said) && !RAW_CODE.test(said), "the hint names the tiles: " + said);
      if (said === "No play found.") noPlay++;
      else {
        hints++;
        // The hint's table checks valid (checkMelds), then Commit is on.
        await page.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => b.textContent === "Commit" && !b.disabled), null, { timeout: 5_000 }).catch(() => {});
        // I acted: the marks are gone.
        check((await page.locator("[data-testid=table] [data-changed]").count()) === 0, "marks stay until I act");
      }
      const commit = page.getByRole("button", { name: "Commit" });
      if ((await commit.count()) && (await commit.isEnabled())) {
        // Commit by keyboard.
        await commit.focus();
        await page.keyboard.press("Enter");
        committed++;
      } else {
        const reset = page.getByRole("button", { name: "Reset" });
        if ((await reset.count()) && (await reset.isEnabled())) await reset.click();
        const draw = page.getByRole("button", { name: "Draw" });
        const pass = page.getByRole("button", { name: "Pass" });
        if (await draw.count()) await draw.click();
        else if (await pass.count()) await pass.click();
      }
      await page.waitForFunction(() => !document.querySelector(".seat.me[data-on-turn]") || document.querySelector("[data-testid=result]"), null, { timeout: 20_000 })
        .catch(async () => { throw new Error("my turn did not end: " + (await status.allTextContents()).join(" ")); });
      // A joker in a committed meld says what it stands for: data-card "*:7H", never a bare "*".
      const jokers = await page.locator("[data-testid=table]:not(.drafting) [data-card^='*']").evaluateAll((els) => els.map((e) => e.dataset.card));
      check(jokers.every((c) => /^\*:(1[0-3]|[1-9]|[AJQK])[SHDC]$/.test(c)), "jokers on the table name their card: " + jokers.join(" "));
      jokers.forEach((c) => jokersSeen.add(c));
    }
    await page.getByTestId("result").waitFor({ timeout: 5_000 });
    check(turns > 0 && hints + noPlay === turns, `a hint each turn: ${hints} plays, ${noPlay} "No play found"`);
    // Colours told apart by shape: one shape per colour, four different ones.
    const perSuit = [...shapes.entries()].map(([suit, l]) => [suit, new Set(l)]);
    check(perSuit.length >= 3 && perSuit.every(([, set]) => set.size === 1), "one shape per colour");
    check(new Set(perSuit.map(([, set]) => [...set][0])).size === perSuit.length, "a different shape for each colour");
    await shot(page, "rummikub");
    await axe(page, "the result");

    // The replay: one [data-move] per turn, grouped by round; the slider, autoplay, the
    // table and every seat's hand after each move.
    await page.getByRole("link", { name: "Replay" }).click();
    const list = page.getByTestId("move-list");
    await list.locator("[data-move]").first().waitFor();
    const moves = await list.locator("[data-move]").count();
    check(moves >= turns * 3, `the move list has every turn: ${moves} (${turns} of mine)`);
    check((await list.locator("h3").first().textContent()) === "Round 1", "grouped by round");
    const position = page.getByTestId("replay-position");
    check((await position.textContent()) === `Move 1 of ${moves}`, await position.textContent());
    const slider = page.locator("input[name=step]");
    await slider.focus();
    await page.keyboard.press("End");
    await page.waitForFunction((n) => document.querySelector("[data-testid=replay-position]").textContent === `Move ${n} of ${n}`, moves);
    check((await list.locator("[aria-current]").getAttribute("data-move")) === String(moves - 1), "the list follows the slider");
    const handSizes = () => page.locator("[data-testid=replay-hands] [data-hand]").evaluateAll((els) => els.map((e) => [e.querySelectorAll(".face").length, e.textContent.includes("★")]));
    const atEnd = await handSizes();
    const best = Math.min(...atEnd.map(([n]) => n));
    check(atEnd.length === 4 && atEnd.every(([n, won]) => !won || n === best), "every hand at the end, the winner's the smallest: " + JSON.stringify(atEnd));
    check((await page.locator("[data-testid=table] [data-meld]").count()) > 0, "the table at the end");
    await shot(page, "rummikub-replay");
    await axe(page, "the replay");
    await page.keyboard.press("Home");
    await page.waitForFunction(() => document.querySelector("[data-testid=replay-position]").textContent.startsWith("Move 1 "));
    const dealt = await handSizes();
    check(dealt.filter(([n]) => n === 7).length >= 3, "every hand after the deal (7 tiles, the first player's turn played): " + JSON.stringify(dealt));
    await page.locator("[data-action=autoplay]").click();
    await page.waitForFunction(() => /^Move [3-9]/.test(document.querySelector("[data-testid=replay-position]").textContent), null, { timeout: 8_000 });
    await page.locator("[data-action=autoplay]").click();
    check((await page.locator("[data-action=autoplay]").getAttribute("aria-pressed")) === "false", "autoplay pauses");
    // The event names in the viewer's language.
    await page.locator("select[name=language]").selectOption("nl");
    const kinds = await page.locator("[data-testid=replay-now] .kinds").textContent();
    check(/beurt/.test(kinds) && !/_/.test(kinds), "the events named in Dutch: " + kinds);
    const listed = await list.textContent();
    check(/Bot 2 \(makkelijk\)/.test(listed) && !/\(easy\)/.test(listed), "the moves in Dutch, the bots too");
    await shot(page, "rummikub-replay-nl");
    await page.locator("select[name=language]").selectOption("en");
    return `${turns} turns of mine, ${committed} commits, ${hints} hints, ${noPlay} without a play, ${marked} tiles marked, jokers: ${[...jokersSeen].join(" ") || "none"}, replay of ${moves} moves`;
  },

  // (1) Two browser contexts register; one creates a private robbers match: its waiting
  // room shows the seats and the rules, Share (where the browser has the Web Share API)
  // hands the invite link to the share sheet, Copy puts it on the clipboard; the other
  // opens the link (who invites, the rules, the free seat) and joins; both play
  // turns by dragging, each sees the other's draft live, and on a phone the hand stays in
  // sight. A second invitation is left by its creator: the guest sees why it was aborted.
  async two(browser) {
    const aliceName = "al" + uid();
    const alice = await newPlayer(browser, aliceName);
    const bob = await newPlayer(browser, "bo" + uid(), { width: 360, height: 780 });
    await bob.waitForFunction(() => document.querySelectorAll("select option").length > 6);
    await shot(bob, "lobby-phone");
    await createMatch(alice, { ruleset: "robbers", seats: 2, priv: true });
    await alice.getByTestId("waiting-room").waitFor();
    check((await alice.locator("[data-testid=waiting-seats] li").count()) === 2 && (await alice.locator("[data-testid=waiting-seats] li.free").count()) === 1, "the seats, one free");
    check(/Robbers' Rummy/.test(await alice.getByTestId("rules-summary").textContent()), "the rules");
    check((await alice.getByTestId("table").count()) === 0, "no empty board while waiting");
    const link = await alice.getByTestId("invite-link").inputValue();
    check(link.includes("#/match/"), "an invite link: " + link);
    // Share (the Web Share API) only where the browser has it: headless Chromium has not,
    // so no button, Copy remains. A stand-in for the share sheet, defined before the page
    // loads, records what it was given: the link with the invitation's code, a title
    // naming the rules and a text naming who invites.
    check(!(await alice.evaluate(() => "share" in navigator)), "headless Chromium has no navigator.share (else this checks nothing)");
    check((await alice.locator("[data-action=share-invite]").count()) === 0 && (await alice.locator("[data-action=copy-invite]").count()) === 1, "no Share without the Web Share API; Copy remains");
    await alice.context().addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value(data) {
          window.__shared = [...(window.__shared ?? []), { ...data }];
          return Promise.resolve();
        },
      });
    });
    await alice.reload();
    await alice.locator("[data-action=share-invite]").click();
    const shared = await alice.waitForFunction(() => window.__shared).then((h) => h.jsonValue());
    const inviteCode = await alice.evaluate(async () => {
      const id = decodeURIComponent(location.hash.split("/")[2]);
      const r = await fetch("/graphql", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + localStorage.getItem("rummy.token") },
        body: JSON.stringify({ query: "query($id: ID!) { match(id: $id) { inviteCode } }", variables: { id } }) });
      return (await r.json()).data.match.inviteCode;
    });
    check(shared.length === 1 && shared[0].url === link && !!inviteCode && link.endsWith("/" + encodeURIComponent(inviteCode)), `Share passes the invite link with its code (${inviteCode}): ${JSON.stringify(shared)}`);
    check(/Robbers' Rummy/.test(shared[0].title) && shared[0].text.includes(aliceName), "Share names the rules and who invites: " + JSON.stringify(shared[0]));
    check((await alice.locator("[data-action=copy-invite]").count()) === 1, "Copy beside Share");
    await alice.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE });
    await alice.locator("[data-action=copy-invite]").click();
    await alice.waitForFunction(() => /copied/.test(document.querySelector("p[role=status]")?.textContent ?? ""));
    check((await alice.evaluate(() => navigator.clipboard.readText())) === link, "Copy puts the link on the clipboard");
    await shot(alice, "waiting");
    await bob.goto(link);
    const invited = bob.getByTestId("invited-by");
    await invited.waitFor();
    check((await invited.textContent()).includes(aliceName) && (await invited.textContent()).includes("Robbers' Rummy"), "who invites, to what: " + (await invited.textContent()));
    check((await bob.locator("[data-testid=waiting-seats] li.free").count()) === 1 && (await bob.getByTestId("rules-summary").count()) === 1, "the free seat and the rules");
    await noOverflow(bob, "the invitation at 360 px");
    await view(bob, "invite-phone");
    await bob.getByRole("button", { name: "Join" }).click();
    await alice.getByRole("button", { name: "Start" }).waitFor();
    await alice.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => b.textContent === "Start" && !b.disabled));
    await alice.getByRole("button", { name: "Start" }).click();
    const watched = [];
    let sticky = "";
    for (let turn = 0; turn < 2; turn++) {
      await Promise.race([waitMyTurn(alice), waitMyTurn(bob)]);
      const [me, other] = (await myTurn(alice).count()) ? [alice, bob] : [bob, alice];
      if (me === bob && !sticky) {
        // The hand stays in sight on a phone, at the top of the page and scrolled.
        for (const y of [0, 400]) {
          await bob.evaluate((top) => window.scrollTo(0, top), y);
          const last = await hand(bob).last().boundingBox();
          check(last.y >= 0 && last.y + last.height <= 780, `the hand's last card is in sight at scroll ${y}: ${Math.round(last.y)}`);
        }
        await view(bob, "two-phone-view");
        await bob.evaluate(() => window.scrollTo(0, 0));
        sticky = "hand in sight";
      }
      const code = await hand(me).first().getAttribute("data-card");
      await drag(me, hand(me).first(), me.getByTestId("new-meld"));
      // The other player sees the card arrive on the table while the turn is being built.
      await other.locator(`[data-testid=table] [data-card="${code}"]`).first().waitFor({ timeout: 15_000 });
      await other.locator(".badge.live").waitFor();
      watched.push(code);
      if (turn === 0) await shot(other, "two-watching");
      await me.getByRole("button", { name: "Reset" }).click();
      await me.getByRole("button", { name: "Draw" }).click();
      await other.waitForFunction(() => !!document.querySelector(".seat.me[data-on-turn]"), null, { timeout: 15_000 });
    }
    // Free reordering persists on the server (setRackOrder): drag the last card of the
    // hand to the front, then the same player in a fresh browser sees that order. (First
    // the page has the hand its seat counts: a draw of hers may answer after the turn
    // reached the other page.)
    await alice.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length === parseInt(document.querySelector(".seat.me .meta").textContent, 10));
    const before = await codesOf(hand(alice));
    await drag(alice, hand(alice).last(), hand(alice).first());
    await alice.waitForFunction((first) => document.querySelector("[data-testid=hand] [data-card]").dataset.card === first, before[before.length - 1]);
    const order = await codesOf(hand(alice));
    check(JSON.stringify(order) === JSON.stringify([before[before.length - 1], ...before.slice(0, -1)]), `the card moved to the front: ${order.join(" ")} (was ${before.join(" ")}, my turn: ${await myTurn(alice).count()})`);
    const url = alice.url();
    // The server has the order (setRackOrder answered): the match's myHand.
    await alice.waitForFunction(async (want) => {
      const id = decodeURIComponent(location.hash.split("/")[2]);
      const r = await fetch("/graphql", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + localStorage.getItem("rummy.token") },
        body: JSON.stringify({ query: "query($id: ID!) { match(id: $id) { myHand { code } } }", variables: { id } }) });
      return JSON.stringify((await r.json()).data.match.myHand.map((c) => c.code)) === want;
    }, JSON.stringify(order), { timeout: 10_000, polling: 200 });
    const again = await logIn(browser, aliceName);
    await again.goto(url);
    await hand(again).first().waitFor();
    const shown = await codesOf(hand(again));
    check(JSON.stringify(shown) === JSON.stringify(order), `the rack order persists: ${shown.join(" ")} (was ${order.join(" ")})`);
    await shot(alice, "two");
    await shot(bob, "two-phone");
    // An invitation its creator leaves before the start: aborted, and the guest is told why.
    await alice.goto(BASE + "/");
    await createMatch(alice, { ruleset: "rummy", seats: 2, priv: true });
    const second = await alice.getByTestId("invite-link").inputValue();
    await bob.goto(second);
    await bob.getByRole("button", { name: "Join" }).click();
    await alice.waitForFunction(() => document.querySelectorAll("[data-testid=waiting-seats] li.taken").length === 2);
    await alice.locator("[data-action=leave]").click();
    const why = bob.getByTestId("abort-reason");
    await why.waitFor({ timeout: 15_000 });
    check(/creator left/.test(await why.textContent()), "the reason of the abort: " + (await why.textContent()));
    await shot(bob, "aborted-phone");
    return `drafts watched live: ${watched.join(", ")}; rack order kept: ${shown.join(" ")}; ${sticky}; ${await why.textContent()}`;
  },

  // (5) The socket is cut mid-game (the page says it reconnects) and the page resumes
  // without losing an event; offline, an action is refused with a clear message that goes
  // when the network is back, and the page catches up without a reload.
  async reconnect(browser) {
    const page = await newPlayer(browser, "rc" + uid());
    await createMatch(page, { ruleset: "robbers", seats: 2, bots: 1, level: "EASY" });
    await page.getByRole("button", { name: "Start" }).click();
    const conn = page.getByTestId("connection");
    check((await conn.getAttribute("data-state")) === "online" && !(await conn.isVisible()), "online, and nothing shown");
    for (let i = 0; i < 2; i++) {
      await waitMyTurn(page);
      await page.evaluate(() => window.__dropSocket());
      if (i === 0) {
        await page.locator("[data-testid=connection][data-state=reconnecting]").waitFor({ state: "visible", timeout: 5_000 });
        await shot(page, "reconnecting");
      }
      await page.getByRole("button", { name: "Draw" }).click();
      await page.waitForFunction(() => !document.querySelector(".seat.me[data-on-turn]"), null, { timeout: 15_000 });
      await page.evaluate(() => window.__dropSocket()); // while the bot plays
    }
    await waitMyTurn(page);
    await page.locator("[data-testid=connection][data-state=online]").waitFor({ state: "hidden", timeout: 15_000 });
    // Offline: Draw is refused here with a message a player understands; nothing is sent.
    await page.context().setOffline(true);
    await page.locator("[data-testid=connection][data-state=offline]").waitFor({ state: "visible", timeout: 5_000 });
    await page.getByRole("button", { name: "Draw" }).click();
    const status = page.locator("p[role=status]");
    await page.waitForFunction(() => /offline/.test(document.querySelector("p[role=status]")?.textContent ?? ""));
    const refused = await status.textContent();
    check(!/fetch/i.test(refused) && (await status.getAttribute("data-tone")) === "error", "a clear refusal: " + refused);
    check((await myTurn(page).count()) === 1, "still my turn");
    await shot(page, "offline");
    await page.context().setOffline(false);
    await page.locator("[data-testid=connection][data-state=online]").waitFor({ state: "hidden", timeout: 15_000 });
    await page.waitForFunction(() => document.querySelector("p[role=status]")?.textContent === "", null, { timeout: 5_000 });
    await page.getByRole("button", { name: "Draw" }).click();
    await page.waitForFunction(() => !document.querySelector(".seat.me[data-on-turn]"), null, { timeout: 15_000 });
    await waitMyTurn(page);
    const server = await page.evaluate(async () => {
      const id = decodeURIComponent(location.hash.split("/")[2]);
      const r = await fetch("/graphql", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + localStorage.getItem("rummy.token") },
        body: JSON.stringify({ query: "query($id: ID!) { match(id: $id) { lastSeq } }", variables: { id } }) });
      return (await r.json()).data.match.lastSeq;
    });
    await page.waitForFunction((n) => Number(document.querySelector(".match").dataset.lastSeq) === n, server, { timeout: 10_000 });
    const seqs = (await page.locator(".match").getAttribute("data-events")).split(",").map(Number);
    for (let i = 1; i < seqs.length; i++) check(seqs[i] === seqs[i - 1] + 1, "no gap or repeat in " + seqs.join(","));
    check(seqs[seqs.length - 1] === server, `the page saw every event up to ${server}: ${seqs.join(",")}`);
    const reloads = await page.evaluate(() => performance.getEntriesByType("navigation").length);
    check(reloads === 1, "no reload");
    await shot(page, "reconnect");
    return `events ${seqs[0]}..${server} after 4 socket drops and an offline spell (${refused})`;
  },
  // (3) A classic rummy turn: draw, lay off on a highlighted meld (the card goes where
  // its rank belongs in a run), discard.
  async rummy(browser) {
    const page = await newPlayer(browser, "cr" + uid());
    await createMatch(page, { ruleset: "rummy", seats: 2, bots: 1, level: "EASY" });
    await page.getByRole("button", { name: "Start" }).click();
    const status = page.locator("p[role=status]");
    for (let turn = 0; turn < 40; turn++) {
      await waitMyTurn(page, 60_000);
      if (await page.getByTestId("result").count()) break;
      await page.getByRole("button", { name: "Draw" }).click();
      await page.getByRole("button", { name: "Discard" }).waitFor();
      // Which hand card fits a table meld (the server's `fits`, all at once); then select it
      // in the page, which outlines the meld it fits (data-fits).
      const codes = await codesOf(hand(page));
      const i = await page.evaluate(async (codes) => {
        const id = decodeURIComponent(location.hash.split("/")[2]);
        const query = `query($id: ID!) { ${codes.map((c, n) => `f${n}: fits(matchId: $id, card: "${c}")`).join(" ")} }`;
        const r = await fetch("/graphql", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + localStorage.getItem("rummy.token") },
          body: JSON.stringify({ query, variables: { id } }) });
        const data = (await r.json()).data;
        return codes.findIndex((_, n) => data[`f${n}`].length > 0);
      }, codes);
      if (i >= 0) {
        const card = page.locator(`[data-testid=hand] [data-card="${codes[i]}"]`).first();
        await card.click();
        const fit = page.locator("[data-testid=table] [data-meld][data-fits]").first();
        await fit.waitFor({ timeout: 5_000 });
        const meldIndex = await fit.getAttribute("data-meld");
        await shot(page, "rummy-fits");
        await card.click(); // unselect, then drag it there
        const target = page.locator(`[data-testid=table] [data-meld="${meldIndex}"]`);
        await drag(page, card, target);
        await target.locator(`[data-card="${codes[i]}"]`).waitFor();
        // A run shows in order with the new card where its rank belongs (not at the end).
        const meld = await codesOf(target.locator("[data-card]"));
        if (new Set(meld.map((c) => c.slice(-1))).size === 1) {
          const ranks = meld.map(rankOf);
          check(ranks.every((r, n) => n === 0 || r === ranks[n - 1] + 1), "the run in order: " + meld.join(" "));
        }
        const commit = page.getByRole("button", { name: "Commit" });
        await page.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => b.textContent === "Commit" && !b.disabled), null, { timeout: 5_000 });
        await commit.click();
        await page.waitForFunction((n) => ![...document.querySelectorAll("[data-testid=hand] [data-card]")].some((e) => e.dataset.card === n), codes[i], { timeout: 5_000 });
        check((await status.textContent()) === "", "the lay-off was accepted: " + (await status.textContent()));
        await discardAndWait(page, hand(page).first());
        await shot(page, "rummy");
        return `laid off ${codes[i]} on meld ${meldIndex} (${meld.join(" ")}) at my turn ${turn + 1}`;
      }
      // Nothing fits: meld what the hint finds (so the table grows), then discard.
      await page.getByRole("button", { name: "Hint" }).click();
      await page.waitForFunction(() => document.querySelector("p[role=status]")?.textContent, null, { timeout: 5_000 });
      if ((await status.textContent()).startsWith("Hint:")) {
        await page.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => b.textContent === "Commit" && !b.disabled), null, { timeout: 5_000 }).catch(() => {});
      }
      const commit = page.getByRole("button", { name: "Commit" });
      if (await commit.isEnabled()) {
        // The commit done: my play is in the move log (or I went out).
        const laid = "[data-testid=move-log] li[data-kind=laid]";
        const count = await page.locator(laid).count();
        await commit.click();
        await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length > n || !document.querySelector(".seat.me[data-on-turn]"), [laid, count], { timeout: 5_000 });
      } else if (await page.getByRole("button", { name: "Reset" }).isEnabled()) {
        await page.getByRole("button", { name: "Reset" }).click();
      }
      if (!(await myTurn(page).count())) continue; // went out
      await discardAndWait(page, hand(page).first());
    }
    throw new Error("no lay-off came up in 40 turns");
  },
};

// The lobby's "my matches" (myMatches filter ACTIVE / MY_TURN / FINISHED) with the my-turn
// badge; the walkthrough of a first match; every page in English, Spanish and Dutch at a
// desktop's width and a phone's 360 px (screenshots, nothing sticking out, "My matches"
// first on a phone), the rules pages; resign (with its confirmation); the result and a
// rematch; a correspondence deadline as a person reads it. axe on the lobby and a match.
scenarios.lobby = async (browser) => {
  const page = await newPlayer(browser, "lb" + uid());
  await axe(page, "the lobby");
  // The menu's notifications: this browser's push opt-in, and the account's settings,
  // each change saved on the server at once.
  await openMenu(page);
  const notify = page.getByTestId("notify-settings");
  await notify.getByTestId("push-toggle").waitFor();
  await notify.locator("summary").click();
  const email = notify.locator("input[name=email-YOUR_TURN]");
  await email.waitFor();
  const was = await email.isChecked();
  await email.click();
  await page.waitForFunction(() => document.querySelector("[data-testid=notification-settings] p[role=status]")?.textContent === "Saved.");
  const saved = await page.evaluate(async () => {
    const r = await fetch("/graphql", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + localStorage.getItem("rummy.token") },
      body: JSON.stringify({ query: "{ me { notificationSettings { kinds { kind email } } } }" }) });
    return (await r.json()).data.me.notificationSettings.kinds.find((k) => k.kind === "YOUR_TURN").email;
  });
  check(saved === !was, `the e-mail of "your turn" is ${saved} on the server (was ${was})`);
  await shot(page, "menu");
  await axe(page, "the menu");
  await page.locator("[data-action=menu]").click();
  await createMatch(page, { ruleset: "robbers", seats: 2, bots: 1, level: "EASY" });
  const matchId = decodeURIComponent(page.url().split("#/match/")[1]);
  await page.getByRole("button", { name: "Start" }).click();
  await waitMyTurn(page);
  // A newcomer's first match: a few tips, skippable, not shown again.
  const tour = page.getByTestId("tour");
  await tour.waitFor();
  check((await tour.getAttribute("data-step")) === "1", "the first tip");
  await page.locator("[data-action=tour-next]").click();
  check((await tour.getAttribute("data-step")) === "2", "the next tip");
  await axe(page, "a match");
  await shot(page, "tour");
  await page.locator("[data-action=tour-skip]").click();
  check((await tour.count()) === 0, "skipped");
  // In the lobby the match is listed among mine, with the badge: my turn.
  await page.getByRole("link", { name: /Lobby/ }).click();
  const item = page.locator(`[data-testid=my-matches] [data-list=active] li[data-match="${matchId}"]`);
  await item.getByTestId("my-turn").waitFor();
  check((await page.getByTestId("my-turn-count").textContent()).includes("1"), "the count of matches waiting for me");
  // Every language, at a desktop's width and at 360 px: the lobby, the match, the rules.
  const lang = page.locator("select[name=language]");
  const words = {
    en: ["My matches", "How to play", "Draw", "Your hand"],
    es: ["Mis partidas", "Cómo se juega", "Robar", "Tu mano"],
    nl: ["Mijn wedstrijden", "Zo speel je", "Trekken", "Jouw hand"],
  };
  const go = (hash) => page.evaluate((h) => { location.hash = h; }, hash);
  for (const l of ["es", "nl", "en"]) {
    const [mine, how, draw, handTitle] = words[l];
    await lang.selectOption(l);
    await go("#/");
    await page.getByRole("heading", { name: mine }).waitFor();
    check((await page.locator("html").getAttribute("lang")) === l, "html lang follows");
    if (l === "es") {
      for (const text of ["Nueva partida", "Partidas abiertas", "Cola clasificatoria", "Clasificación"]) {
        check(await page.getByText(text, { exact: false }).first().isVisible(), "Spanish: " + text);
      }
      check((await item.getByTestId("my-turn").textContent()) === "tu turno", "the badge in Spanish");
      check((await page.getByText("Idioma").count()) === 1, "the switch is named in Spanish");
    }
    if (l === "nl") {
      await page.reload();
      await page.getByRole("heading", { name: mine }).waitFor(); // kept across a reload
      check((await page.getByRole("button", { name: "Nieuwe wedstrijd" }).count()) === 1, "Dutch form button");
      check((await tour.count()) === 0, "the walkthrough stays skipped");
    }
    await shot(page, `lobby-${l}`);
    await noOverflow(page, `the lobby in ${l}`);
    await page.setViewportSize({ width: 360, height: 780 });
    await view(page, `lobby-${l}-phone`);
    await noOverflow(page, `the lobby in ${l} at 360 px`);
    // The header keeps to one line on a phone; its links to tournaments and friends are
    // in the menu there.
    const header = await page.locator("header.top").boundingBox();
    check(header.height < 60, `the header is one line at 360 px in ${l} (${header.height} px)`);
    check(!(await page.locator("header.top a.nav").first().isVisible()), "no header links on a phone");
    await page.locator("[data-action=menu]").click();
    check((await page.locator("[data-action=menu-tournaments]").count()) === 1, "tournaments in the menu");
    await page.locator("[data-action=menu]").click();
    const [first, form] = [await page.getByTestId("my-matches").boundingBox(), await page.getByTestId("new-match").boundingBox()];
    check(first.y < form.y, "My matches come first on a phone");
    await go(`#/match/${encodeURIComponent(matchId)}`);
    await page.getByRole("button", { name: draw }).waitFor();
    check((await page.getByText(handTitle).count()) > 0, `the hand's title in ${l}`);
    await view(page, `match-${l}-phone`);
    await noOverflow(page, `the match in ${l} at 360 px`);
    await page.setViewportSize({ width: 1280, height: 860 });
    await shot(page, `match-${l}`);
    await noOverflow(page, `the match in ${l}`);
    // How to play, each preset in this language (a rules page needs no login either).
    for (const name of ["robbers", "rummikub", "rummy"]) {
      await go(`#/rules/${name}`);
      const rules = page.locator(`[data-testid=rules][data-ruleset=${name}]`);
      await rules.waitFor();
      check((await rules.locator("h1").textContent()).startsWith(how), `the ${name} rules in ${l}`);
      check((await rules.locator("section").count()) >= 8, `the ${name} rules are complete`);
      await page.setViewportSize({ width: 360, height: 780 });
      await noOverflow(page, `the ${name} rules in ${l} at 360 px`);
      if (name === "robbers") await view(page, `rules-${l}-phone`);
      await page.setViewportSize({ width: 1280, height: 860 });
      if (name === "rummikub") await shot(page, `rules-rummikub-${l}`);
    }
  }
  await go(`#/match/${encodeURIComponent(matchId)}`);
  await page.getByRole("button", { name: "Draw" }).waitFor();
  // Resign asks first; "Keep playing" changes nothing.
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByTestId("resign-confirm").waitFor();
  await page.getByRole("button", { name: "Keep playing" }).click();
  check((await page.getByTestId("resign-confirm").count()) === 0 && (await page.getByTestId("result").count()) === 0, "cancel keeps the match");
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  // Two seats, one resigned: the match ends at once and the bot wins.
  const result = page.getByTestId("result");
  await result.waitFor({ timeout: 15_000 });
  const me = page.locator("[data-testid=result] tr[data-seat]").filter({ hasText: "resigned" });
  check((await me.count()) === 1, "my seat is shown resigned");
  check(/Bot 2 \(easy\)/.test(await page.locator("[data-testid=result] tr.win").textContent()), "the bot won");
  check((await page.getByRole("button", { name: "Resign" }).count()) === 0, "no Resign after the end");
  await shot(page, "resigned");
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, "resigned-phone");
  await page.setViewportSize({ width: 1280, height: 860 });
  // In the lobby it is finished now, without the badge.
  await page.getByRole("link", { name: /Lobby/ }).first().click();
  const done = page.locator(`[data-testid=my-matches] [data-list=finished] li[data-match="${matchId}"]`);
  await done.waitFor();
  check((await done.getByTestId("my-turn").count()) === 0, "no badge on a finished match");
  // Rematch: a new match of the same rules and bots, ready to start.
  await done.getByRole("link").click();
  await page.getByRole("button", { name: "Rematch" }).click();
  await page.waitForFunction((old) => location.hash.startsWith("#/match/") && decodeURIComponent(location.hash.split("/")[2]) !== old, matchId, { timeout: 10_000 });
  const again = decodeURIComponent(page.url().split("#/match/")[1]);
  check(again && again !== matchId, `a new match: ${again} (was ${matchId})`);
  await page.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => b.textContent === "Start" && !b.disabled));
  check((await page.locator("[data-testid=waiting-seats] li").filter({ hasText: "Bot 2" }).count()) === 1, "the rematch has the bot again");
  await page.getByRole("button", { name: "Start" }).click();
  await page.locator("[data-on-turn]").waitFor();
  await shot(page, "lobby");
  // A correspondence turn's deadline, as a person reads it.
  await page.getByRole("link", { name: /Lobby/ }).first().click();
  await createMatch(page, { ruleset: "robbers", seats: 2, bots: 1, level: "EASY", options: { "Correspondence hours": 24 } });
  await page.getByRole("button", { name: "Start" }).click();
  const deadline = page.getByTestId("deadline");
  await deadline.waitFor();
  const [text, seconds] = [await deadline.textContent(), Number(await deadline.getAttribute("data-seconds"))];
  check(/^(23 h \d+ min|24 h)$/.test(text) && seconds > 86_000 && seconds <= 86_400, `a day to play: "${text}" (${seconds} s)`);
  return `badge on ${matchId}; es/nl/en at 1280 and 360 px; resigned; rematch ${again}; correspondence deadline "${text}"`;
};

// The ranked queue: join, see the ticket, leave; join again and the queue seats me with a
// bot (after its wait); resign, and the result shows my rating before → after; the
// leaderboard has me on it.
scenarios.ranked = async (browser) => {
  const name = "rq" + uid();
  const page = await newPlayer(browser, name);
  await page.getByLabel("Ruleset").selectOption("robbers");
  await page.getByLabel("Seats", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Join ranked queue" }).click();
  const ticket = page.getByTestId("queue-status");
  await ticket.waitFor();
  const text = await ticket.textContent();
  check(/Robbers' Rummy \(2 players, live\)/.test(text), "the ticket: " + text);
  await shot(page, "queue");
  await page.getByRole("button", { name: "Leave queue" }).click();
  await page.getByRole("button", { name: "Join ranked queue" }).waitFor();
  check((await ticket.count()) === 0, "the ticket is gone");
  await page.getByRole("button", { name: "Join ranked queue" }).click();
  await ticket.waitFor();
  // The table forms (a bot for the missing seat) and the page goes to it (myEvents).
  await page.waitForURL(/#\/match\//, { timeout: 60_000 });
  await page.locator(".seat[data-controller=BOT]").waitFor();
  check((await page.locator(".title").textContent()).includes("ranked"), "a ranked match");
  check((await page.getByTestId("deadline").count()) === 1, "a live ranked match is timed");
  check((await page.getByRole("button", { name: "Hint" }).count()) === 0, "no hints in ranked play");
  await page.getByRole("button", { name: "Resign" }).click();
  check((await page.getByTestId("resign-confirm").textContent()).includes("counts as a loss"), "the ranked warning");
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await page.getByTestId("result").waitFor({ timeout: 15_000 });
  // My rating, before → after (a loss: down), once the worker has rated the match.
  const mine = page.locator("[data-testid=result] tr").filter({ hasText: name }).getByTestId("rating-change");
  await page.waitForFunction((n) => {
    const row = [...document.querySelectorAll("[data-testid=result] tr")].find((r) => r.textContent.includes(n));
    return row && /→ -?\d+\.\d/.test(row.querySelector("[data-testid=rating-change]").textContent);
  }, name, { timeout: 30_000 });
  const change = await mine.textContent();
  const [before, after] = change.split("→").map((x) => parseFloat(x));
  check(Number.isFinite(before) && Number.isFinite(after) && before !== after, "my rating moved: " + change);
  const botCell = await page.locator("[data-testid=result] tr").filter({ hasNotText: name }).last().getByTestId("rating-change").textContent();
  check(botCell === "—", "a bot has no rating: " + botCell);
  await shot(page, "ranked");
  // The leaderboard of robbers (live) has me, with one game.
  await page.getByRole("link", { name: /Lobby/ }).first().click();
  const row = page.locator("[data-testid=leaderboard] li[data-me]");
  await row.waitFor();
  const board = await row.textContent();
  check(board.includes(name) && board.includes("1 game,") && board.includes(after.toFixed(1)), "on the leaderboard: " + board);
  await shot(page, "leaderboard");
  return `rating ${change}; leaderboard: ${board}`;
};

// Reclaim seat: my turn runs out once (max_timeouts 1), a bot plays my seat (TAKEOVER),
// the page offers the seat back, and after "Reclaim seat" I play my turns again.
scenarios.reclaim = async (browser) => {
  const page = await newPlayer(browser, "rs" + uid());
  await page.getByLabel("Missed turns before a bot plays").fill("1");
  await createMatch(page, { ruleset: "robbers", seats: 2, bots: 1, level: "EASY", turnSeconds: 15 });
  await page.getByRole("button", { name: "Start" }).click();
  await waitMyTurn(page);
  // Nobody acts: the turn expires and a bot takes my seat over.
  await page.locator(".seat.me[data-controller=TAKEOVER] [data-testid=takeover-badge]").waitFor({ timeout: 45_000 });
  const note = page.getByTestId("reclaim");
  await note.waitFor();
  check((await note.textContent()).includes("timeouts"), "the reason: " + (await note.textContent()));
  const button = page.getByRole("button", { name: "Reclaim seat" });
  // (Disabled only while the bot is half-way through a turn of my seat.)
  await page.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => b.textContent === "Reclaim seat" && !b.disabled), null, { timeout: 30_000 });
  await shot(page, "reclaim-offered");
  await button.click();
  await page.locator(".seat.me[data-controller=PLAYER]").waitFor({ timeout: 15_000 });
  check((await note.count()) === 0, "the offer is gone");
  // My next turn is mine to play.
  await waitMyTurn(page, 60_000);
  await page.getByRole("button", { name: "Draw" }).click();
  await page.waitForFunction(() => !document.querySelector(".seat.me[data-on-turn]"), null, { timeout: 15_000 });
  check((await page.locator(".seat.me[data-controller=PLAYER]").count()) === 1, "still mine after my move");
  await shot(page, "reclaim");
  return "taken over after a timeout, reclaimed, played a turn";
};

// Playing together (issue 30): a challenge sent from the friends page and accepted from
// the notice, both taken to the match; chat both ways (a line, a quick message); a
// tournament (created through the API: players may, on this server) found in the list,
// opened, registered for.
scenarios.together = async (browser) => {
  const u = uid();
  const ann = await newPlayer(browser, "ann" + u);
  const cyd = await newPlayer(browser, "cyd" + u);
  // a challenge, from the friends page
  await ann.getByRole("link", { name: "Friends" }).click();
  await ann.locator("input[name=follow]").fill("cyd" + u);
  await ann.getByRole("button", { name: "Follow", exact: true }).click();
  const friend = ann.locator(`[data-friend=cyd${u}]`);
  await friend.waitFor();
  await friend.getByRole("button", { name: "Challenge" }).click();
  await ann.getByLabel("Turn seconds").selectOption("120");
  await ann.getByRole("button", { name: "Send challenge" }).click();
  const notice = cyd.locator("[data-notice=CHALLENGE_RECEIVED]");
  await notice.waitFor({ timeout: 15_000 });
  check((await notice.textContent()).includes(`ann${u} challenges you`), "the notice names the challenger");
  await notice.getByRole("button", { name: "Accept" }).click();
  await cyd.waitForURL(/#\/match\//);
  await ann.waitForURL(/#\/match\//, { timeout: 15_000 });
  check(ann.url() === cyd.url(), "both at the same match");
  const matchHash = new URL(cyd.url()).hash;
  // chat both ways
  await ann.getByLabel("Message").fill("good luck, have fun");
  await ann.getByRole("button", { name: "Send" }).click();
  await cyd.locator("[data-chat-line]", { hasText: "good luck, have fun" }).waitFor({ timeout: 10_000 });
  await cyd.locator("[data-quick=THANKS]").click();
  await ann.locator("[data-chat-line]", { hasText: "Thanks" }).waitFor({ timeout: 10_000 });
  await shot(cyd, "together-chat");
  // a tournament: listed, opened, registered for
  const starts = new Date(Date.now() + 3_600_000).toISOString();
  const made = await ann.evaluate(async (startsAt) => {
    const res = await fetch("/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${localStorage.getItem("rummy.token")}` },
      body: JSON.stringify({
        query: "mutation($i: CreateTournamentInput!) { createTournament(input: $i) { __typename ... on Tournament { id } } }",
        variables: { i: { name: "Club night " + startsAt.slice(11, 19), startsAt, tableSize: 3, rounds: 2, turnSeconds: 60 } },
      }),
    });
    return (await res.json()).data.createTournament;
  }, starts);
  check(made.__typename === "Tournament", "a tournament was created: " + JSON.stringify(made));
  await cyd.getByRole("link", { name: "Tournaments" }).click();
  const row = cyd.locator(`[data-tournament="${made.id}"]`);
  await row.waitFor();
  await row.getByRole("button", { name: "Register" }).click();
  await row.locator(".badge", { hasText: "registered" }).waitFor();
  await ann.getByRole("link", { name: "Tournaments" }).click();
  await ann.locator(`[data-tournament="${made.id}"] a`).click();
  await ann.getByTestId("tournament").waitFor();
  await ann.getByRole("button", { name: "Register" }).click();
  await ann.getByTestId("registered").waitFor();
  await ann.locator(`[data-testid=standings] [data-player=cyd${u}]`).waitFor();
  const rows = await ann.locator("[data-testid=standings] tbody tr").count();
  check(rows === 2, `both in the standings: ${rows}`);
  await shot(ann, "together");
  // Each piece in every language, at a desktop's width and at 360 px: the tournaments,
  // a tournament, the friends page, the match with its chat (nothing sticking out).
  const words = {
    es: ["Torneos", "Clasificación", "Amigos", "Seguir", "Gracias", "Enviar"],
    nl: ["Toernooien", "Stand", "Vrienden", "Volgen", "Bedankt", "Versturen"],
    en: ["Tournaments", "Standings", "Friends", "Follow", "Thanks", "Send"],
  };
  const go = (hash) => cyd.evaluate((h) => { location.hash = h; }, hash);
  for (const l of ["es", "nl", "en"]) {
    const [tournaments, standings, friends, followWord, thanks, send] = words[l];
    await cyd.locator("select[name=language]").selectOption(l);
    for (const width of [1280, 360]) {
      await cyd.setViewportSize({ width, height: width === 360 ? 780 : 860 });
      const tag = width === 360 ? `${l}-phone` : l;
      await go("#/tournaments");
      await cyd.locator(`[data-tournament="${made.id}"]`).waitFor();
      // The header's link; on a phone, the menu's (the header keeps to one line).
      const menu = cyd.locator("[data-action=menu]");
      if (width === 360) await menu.click();
      check((await cyd.getByRole("link", { name: tournaments }).count()) > 0, `the ${width === 360 ? "menu" : "header"}'s ${tournaments}`);
      if (width === 360) await menu.click();
      await noOverflow(cyd, `the tournaments in ${l} at ${width} px`);
      await shot(cyd, `together-tournaments-${tag}`);
      await go(`#/tournament/${made.id}`);
      await cyd.getByText(standings, { exact: true }).first().waitFor();
      await noOverflow(cyd, `a tournament in ${l} at ${width} px`);
      await shot(cyd, `together-tournament-${tag}`);
      await go("#/friends");
      await cyd.locator("[data-testid=friends][aria-busy=false]").getByRole("button", { name: followWord, exact: true }).waitFor();
      await noOverflow(cyd, `the friends in ${l} at ${width} px`);
      await shot(cyd, `together-friends-${tag}`);
      await go(matchHash);
      const chat = cyd.getByTestId("chat");
      await chat.locator("[data-quick=THANKS]", { hasText: thanks }).waitFor();
      check((await chat.getByRole("button", { name: send }).count()) === 1, `the chat's ${send}`);
      await noOverflow(cyd, `the match's chat in ${l} at ${width} px`);
      const [panel, button] = [await chat.boundingBox(), await chat.locator("[data-action=send-chat]").boundingBox()];
      check(button.x + button.width <= panel.x + panel.width, `the chat's ${send} stays inside its panel at ${width} px`);
      await chat.scrollIntoViewIfNeeded();
      await view(cyd, `together-chat-${tag}`);
    }
  }
  await axe(cyd, "the match with its chat");
  await go("#/friends");
  await cyd.getByTestId("friends").waitFor();
  await axe(cyd, "the friends page");
  await go(`#/tournament/${made.id}`);
  await cyd.getByTestId("tournament").waitFor();
  await axe(cyd, "a tournament");
  return "challenge accepted, chat both ways, tournament registered by two; es/nl/en at 1280 and 360 px";
};

// Issue 32: a new user on `make run`'s defaults (SQLite, the embedded Redis): register,
// play a few turns against a bot, reload the page, and play on.
scenarios.firstrun = async (browser) => {
  const page = await newPlayer(browser, "first" + uid());
  await createMatch(page, { ruleset: "robbers", seats: 2, bots: 1, level: "EASY" });
  await page.getByRole("button", { name: "Start" }).click();
  const turns = 3;
  for (let i = 0; i < turns; i++) {
    await waitMyTurn(page);
    await page.getByRole("button", { name: "Draw" }).click();
    await page.waitForFunction(() => !document.querySelector(".seat.me[data-on-turn]"), null, { timeout: 15_000 });
  }
  await waitMyTurn(page);
  const before = await hand(page).evaluateAll((els) => els.map((e) => e.dataset.card).sort().join(" "));
  const url = page.url();
  await page.reload();
  // Still logged in (the token is kept), on the same match, with the same hand.
  await hand(page).first().waitFor();
  check(page.url() === url, `the same page after the reload: ${page.url()}`);
  check((await page.getByLabel("Password").count()) === 0, "no login form after the reload");
  const after = await hand(page).evaluateAll((els) => els.map((e) => e.dataset.card).sort().join(" "));
  check(after === before, `the same hand after the reload: ${before} / ${after}`);
  await waitMyTurn(page);
  await page.getByRole("button", { name: "Draw" }).click();
  await page.waitForFunction(() => !document.querySelector(".seat.me[data-on-turn]"), null, { timeout: 15_000 });
  await shot(page, "firstrun");
  return `${turns} turns, reloaded, played on`;
};

const name = process.argv[2];
const browser = await launch();
try {
  const note = await scenarios[name](browser);
  check(pageErrors.length === 0, "uncaught errors in the page: " + pageErrors.join("; "));
  console.log(`ok ${name}: ${note ?? ""}`);
} catch (e) {
  for (const [i, c] of browser.contexts().entries()) {
    for (const p of c.pages()) {
      await shot(p, `${name}-failed-${i}`).catch(() => {});
      // What each page showed, for the failure's report.
      const state = await p.evaluate(() => ({
        at: location.hash,
        seq: document.querySelector(".match")?.dataset.lastSeq,
        events: document.querySelector(".match")?.dataset.events?.split(",").slice(-8).join(","),
        onTurn: document.querySelector("[data-on-turn]")?.textContent,
        buttons: [...document.querySelectorAll("button")].map((b) => b.textContent + (b.disabled ? "(off)" : "")).join(" "),
        status: document.querySelector("p[role=status]")?.textContent,
        newMeld: document.querySelectorAll("[data-testid=new-meld]").length,
        table: [...document.querySelectorAll("[data-testid=table] [data-card]")].map((e) => e.dataset.card).join(" "),
        drafting: !!document.querySelector("[data-testid=table].drafting"),
      })).catch((x) => String(x));
      console.error(`page ${i}:`, JSON.stringify(state));
    }
  }
  throw e;
} finally {
  await browser.close();
}
