// The browser tests of issue 13, one per name: `node tests/browser/scenarios.mjs NAME`.
// Each plays through the real client against the server at BASE_URL, prints "ok NAME"
// and saves a screenshot of its final state under ARTIFACTS.
import { launch, newPlayer, logIn, createMatch, drag, shot, check } from "./lib.mjs";

const uid = () => Math.random().toString(36).slice(2, 8);
const myTurn = (page) => page.locator(".seat.me[data-on-turn]");
const hand = (page) => page.locator("[data-testid=hand] [data-card]");

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

const scenarios = {
  // (4) an invalid meld shows its reason and the commit stays off.
  async invalid(browser) {
    const page = await newPlayer(browser, "inv" + uid());
    await createMatch(page, { ruleset: "robbers", seats: 2, bots: 1, level: "EASY" });
    await page.getByRole("button", { name: "Start" }).click();
    await waitMyTurn(page);
    const cards = await hand(page).evaluateAll((els) => els.map((e) => e.dataset.card));
    // Two cards of different rank and suit cannot be a meld.
    const a = cards.findIndex((c) => c !== "*");
    const b = cards.findIndex((c, i) => i !== a && c !== "*" && c.slice(-1) !== cards[a].slice(-1) && c.slice(0, -1) !== cards[a].slice(0, -1));
    const c = cards.findIndex((x, i) => i !== a && i !== b && x !== "*" && ![cards[a], cards[b]].some((y) => y.slice(0, -1) === x.slice(0, -1)));
    check(b >= 0 && c >= 0, "three cards of different ranks, not all of one suit");
    const tableBefore = await page.locator("[data-testid=table] [data-meld]").count();
    await drag(page, hand(page).nth(a), page.getByTestId("new-meld"));
    const meld = page.locator(`[data-testid=table] [data-meld="${tableBefore}"]`);
    await meld.locator("[data-card]").first().waitFor();
    await drag(page, page.locator(`[data-testid=hand] [data-card="${cards[b]}"]`).first(), meld);
    await meld.locator("[data-card]").nth(1).waitFor();
    await drag(page, page.locator(`[data-testid=hand] [data-card="${cards[c]}"]`).first(), meld);
    await meld.locator("[data-card]").nth(2).waitFor();
    const why = meld.getByTestId("meld-error");
    await page.waitForFunction(() => { const e = document.querySelector("[data-testid=meld-error]"); return e && !/needs at least/.test(e.textContent); });
    const reason = await why.textContent();
    check(reason && reason.length > 3, "a reason is shown: " + reason);
    check(await page.getByRole("button", { name: "Commit" }).isDisabled(), "Commit is disabled");
    await shot(page, "invalid");
    await page.getByRole("button", { name: "Reset" }).click();
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=table] [data-meld]").length === n, tableBefore);
    check((await hand(page).count()) === cards.length, "Reset gives the cards back");
    return `reason: ${reason}`;
  },

  // (6) a timed turn shows its countdown and expires.
  async timer(browser) {
    const page = await newPlayer(browser, "tim" + uid());
    await createMatch(page, { ruleset: "robbers", seats: 2, bots: 1, level: "EASY", turnSeconds: 15 });
    await page.getByRole("button", { name: "Start" }).click();
    await waitMyTurn(page);
    const deadline = page.getByTestId("deadline");
    const first = Number((await deadline.textContent()).match(/\d+/)[0]);
    await page.waitForTimeout(2500);
    const later = Number((await deadline.textContent()).match(/\d+/)[0]);
    check(first <= 15 && later < first, `the countdown runs: ${first} then ${later}`);
    await shot(page, "timer-running");
    // Nobody acts: the turn expires and passes to the bot.
    await page.waitForFunction(() => !document.querySelector(".seat.me[data-on-turn]"), null, { timeout: 40_000 });
    await page.waitForFunction(() => document.querySelector(".log")?.textContent.includes("TURN_EXPIRED"), null, { timeout: 10_000 });
    await shot(page, "timer");
    return `countdown ${first} → ${later}, then TURN_EXPIRED`;
  },

  // (2) one player against three bots of rummikub to the end of a round.
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
    // Seats show who plays them (Seat.controller): three bots, and me.
    await page.locator(".seat[data-controller=BOT] [data-testid=bot-badge]").nth(2).waitFor();
    check((await page.locator(".seat.me[data-controller=PLAYER]").count()) === 1, "my seat is played by me");
    const end = Date.now() + 240_000;
    let turns = 0;
    let committed = 0;
    const jokersSeen = new Set();
    while (Date.now() < end) {
      if (await page.getByTestId("result").count()) break;
      if (!(await myTurn(page).count())) {
        await page.waitForTimeout(300);
        continue;
      }
      turns++;
      const status = page.locator("p[role=status]");
      await page.getByRole("button", { name: "Hint" }).click();
      await page.waitForTimeout(800);
      const commit = page.getByRole("button", { name: "Commit" });
      if ((await commit.count()) && (await commit.isEnabled())) {
        await commit.click();
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
    await shot(page, "rummikub");
    // The finished match opens in the replay viewer, which steps through its events.
    await page.getByRole("link", { name: "Replay" }).click();
    await page.getByRole("button", { name: "Next" }).waitFor();
    const total = Number((await page.locator(".replay .controls span").textContent()).match(/\/ (\d+)/)[1]);
    for (let i = 0; i < 40; i++) await page.getByRole("button", { name: "Next" }).click();
    check(total > 10, "the replay has the match's events: " + total);
    await shot(page, "rummikub-replay");
    return `${turns} turns of mine, ${committed} commits, jokers on the table: ${[...jokersSeen].join(" ") || "none"}, replay of ${total} events`;
  },
  // (1) two browser contexts register; one creates a private robbers match, the other joins
  // by the invite link; both play turns by dragging, and each sees the other's draft live.
  async two(browser) {
    const aliceName = "al" + uid();
    const alice = await newPlayer(browser, aliceName);
    const bob = await newPlayer(browser, "bo" + uid(), { width: 360, height: 780 });
    await bob.waitForFunction(() => document.querySelectorAll("select option").length > 6);
    await shot(bob, "lobby-phone");
    await createMatch(alice, { ruleset: "robbers", seats: 2, priv: true });
    const link = await alice.getByTestId("invite-link").inputValue();
    check(link.includes("#/match/"), "an invite link: " + link);
    await bob.goto(link);
    await bob.getByRole("button", { name: "Join" }).click();
    await alice.getByRole("button", { name: "Start" }).waitFor();
    await alice.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => b.textContent === "Start" && !b.disabled));
    await alice.getByRole("button", { name: "Start" }).click();
    const watched = [];
    for (let turn = 0; turn < 2; turn++) {
      await Promise.race([waitMyTurn(alice), waitMyTurn(bob)]);
      const [me, other] = (await myTurn(alice).count()) ? [alice, bob] : [bob, alice];
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
    // hand to the front, then the same player in a fresh browser sees that order.
    const before = await hand(alice).evaluateAll((els) => els.map((e) => e.dataset.card));
    await drag(alice, hand(alice).last(), hand(alice).first());
    await alice.waitForFunction((first) => document.querySelector("[data-testid=hand] [data-card]").dataset.card === first, before[before.length - 1]);
    const order = await hand(alice).evaluateAll((els) => els.map((e) => e.dataset.card));
    check(JSON.stringify(order) === JSON.stringify([before[before.length - 1], ...before.slice(0, -1)]), "the card moved to the front: " + order.join(" "));
    const url = alice.url();
    await alice.waitForTimeout(800); // the setRackOrder answer
    const again = await logIn(browser, aliceName);
    await again.goto(url);
    await hand(again).first().waitFor();
    const shown = await hand(again).evaluateAll((els) => els.map((e) => e.dataset.card));
    check(JSON.stringify(shown) === JSON.stringify(order), `the rack order persists: ${shown.join(" ")} (was ${order.join(" ")})`);
    await shot(alice, "two");
    await shot(bob, "two-phone");
    return `drafts watched live: ${watched.join(", ")}; rack order kept: ${shown.join(" ")}`;
  },

  // (5) the socket is cut mid-game and the page resumes without losing an event.
  async reconnect(browser) {
    const page = await newPlayer(browser, "rc" + uid());
    await createMatch(page, { ruleset: "robbers", seats: 2, bots: 1, level: "EASY" });
    await page.getByRole("button", { name: "Start" }).click();
    for (let i = 0; i < 2; i++) {
      await waitMyTurn(page);
      await page.evaluate(() => window.__dropSocket());
      await page.getByRole("button", { name: "Draw" }).click();
      await page.waitForFunction(() => !document.querySelector(".seat.me[data-on-turn]"), null, { timeout: 15_000 });
      await page.evaluate(() => window.__dropSocket()); // while the bot plays
    }
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
    return `events ${seqs[0]}..${server} after 4 socket drops`;
  },
  // (3) a classic rummy turn: draw, lay off on a highlighted meld, discard.
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
      // Select each card in turn; a meld it fits is outlined (data-fits).
      const codes = await hand(page).evaluateAll((els) => els.map((e) => e.dataset.card));
      for (let i = 0; i < codes.length; i++) {
        const card = page.locator(`[data-testid=hand] [data-card="${codes[i]}"]`).first();
        await card.click();
        const fit = page.locator("[data-testid=table] [data-meld][data-fits]").first();
        if (await fit.waitFor({ timeout: 700 }).then(() => true, () => false)) {
          const meldIndex = await fit.getAttribute("data-meld");
          await shot(page, "rummy-fits");
          await card.click(); // unselect, then drag it there
          await drag(page, card, page.locator(`[data-testid=table] [data-meld="${meldIndex}"]`));
          // A joker in a meld is written *:7H (what it stands for).
          const sel = codes[i] === "*" ? `[data-card^="*:"], [data-card="*"]` : `[data-card="${codes[i]}"]`;
          const target = page.locator(`[data-testid=table] [data-meld="${meldIndex}"]`).locator(sel).first();
          await target.waitFor();
          const commit = page.getByRole("button", { name: "Commit" });
          await page.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => b.textContent === "Commit" && !b.disabled), null, { timeout: 5_000 });
          await commit.click();
          await page.waitForFunction((n) => !document.querySelector(`[data-testid=hand] [data-card="${n}"]`) || true, codes[i]);
          await page.waitForTimeout(500);
          check((await status.textContent()) === "", "the lay-off was accepted: " + (await status.textContent()));
          await discardAndWait(page, hand(page).first());
          await shot(page, "rummy");
          return `laid off ${codes[i]} on meld ${meldIndex} at my turn ${turn + 1}`;
        }
      }
      // Nothing fits: meld what the hint finds (so the table grows), then discard.
      await page.getByRole("button", { name: "Hint" }).click();
      await page.waitForTimeout(600);
      const commit = page.getByRole("button", { name: "Commit" });
      if (await commit.isEnabled()) {
        await commit.click();
        await page.waitForTimeout(600);
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
// badge; the es / nl switch; resign (with its confirmation); the result and a rematch.
scenarios.lobby = async (browser) => {
  const page = await newPlayer(browser, "lb" + uid());
  await createMatch(page, { ruleset: "robbers", seats: 2, bots: 1, level: "EASY" });
  const matchId = decodeURIComponent(page.url().split("#/match/")[1]);
  await page.getByRole("button", { name: "Start" }).click();
  await waitMyTurn(page);
  // In the lobby the match is listed among mine, with the badge: my turn.
  await page.getByRole("link", { name: /Lobby/ }).click();
  const item = page.locator(`[data-testid=my-matches] [data-list=active] li[data-match="${matchId}"]`);
  await item.getByTestId("my-turn").waitFor();
  check((await page.getByTestId("my-turn-count").textContent()).includes("1"), "the count of matches waiting for me");
  // The language switch: everything in Spanish, then Dutch (and the choice is kept).
  const lang = page.locator("select[name=language]");
  await lang.selectOption("es");
  await page.getByRole("heading", { name: "Mis partidas" }).waitFor();
  for (const text of ["Nueva partida", "Partidas abiertas", "Cola clasificatoria", "Clasificación"]) {
    check(await page.getByText(text, { exact: false }).first().isVisible(), "Spanish: " + text);
  }
  check((await item.getByTestId("my-turn").textContent()) === "tu turno", "the badge in Spanish");
  check((await page.locator("html").getAttribute("lang")) === "es", "html lang follows");
  await shot(page, "lobby-es");
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, "lobby-es-phone");
  await page.setViewportSize({ width: 1280, height: 860 });
  check((await lang.getAttribute("name")) === "language" && (await page.getByText("Idioma").count()) === 1, "the switch is named in Spanish");
  await lang.selectOption("nl");
  await page.getByRole("heading", { name: "Mijn wedstrijden" }).waitFor();
  await page.reload();
  await page.getByRole("heading", { name: "Mijn wedstrijden" }).waitFor(); // kept across a reload
  check((await page.getByRole("button", { name: "Nieuwe wedstrijd" }).count()) === 1, "Dutch form button");
  // The table in Dutch.
  await item.getByRole("link").click();
  await waitMyTurn(page);
  await page.getByRole("button", { name: "Trekken" }).waitFor();
  check((await page.getByText("Jouw hand").count()) > 0, "Dutch hand title");
  await shot(page, "match-nl");
  await lang.selectOption("en");
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
  check((await page.locator("[data-testid=result] tr.win").textContent()).includes("bot"), "the bot won");
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
  check((await page.locator(".seat[data-controller=BOT]").count()) === 1, "the rematch has the bot again");
  await page.getByRole("button", { name: "Start" }).click();
  await page.locator("[data-on-turn]").waitFor();
  await shot(page, "lobby");
  return `badge on ${matchId}; es/nl switch; resigned; rematch ${again}`;
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
  return "challenge accepted, chat both ways, tournament registered by two";
};

const name = process.argv[2];
const browser = await launch();
globalThis.pages = [];
try {
  const note = await scenarios[name](browser);
  console.log(`ok ${name}: ${note ?? ""}`);
} catch (e) {
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `${name}-failed-${i}`).catch(() => {});
  throw e;
} finally {
  await browser.close();
}
