// Around a match: the waiting room (seats and rules, the invitation with Copy and Share),
// the rules of a match in short, and the result.
import { useState } from "react";
import { errorText, gql } from "./api";
import { ADD_BOT, CREATE, JOIN, RESIGN, START } from "./ops";
import type { BotLevel, MatchFieldsFragment } from "./gql/graphql";
import { serverText, t, tEnum } from "./i18n";
import { rulesetTitle } from "./Lobby";
import { seatLabel } from "./moves";
import { formatChange, type MatchRatings } from "./ratings";
import { formatDuration } from "./time";

type M = MatchFieldsFragment;
export type Tone = "info" | "error";
export type SetStatus = (text: string, tone?: Tone) => void;

/** The rule family's page of "How to play". */
export function rulesHref(match: { ruleset: string; options?: unknown }): string {
  const family = (match.options as { family?: string } | null)?.family ?? match.ruleset;
  return `#/rules/${family === "vatikan" ? "robbers" : family}`;
}

/** The match's rules in short: players, clock, opening, jokers, how it is won. */
export function RulesSummary({ match }: { match: M }) {
  const o = (match.options ?? {}) as Record<string, unknown>;
  const items: string[] = [t("sumPlayers", { n: match.players })];
  if (match.turnSeconds) items.push(t("sumPerTurn", { time: formatDuration(match.turnSeconds) }));
  else if (match.correspondenceHours) items.push(t("sumPerTurnCorr", { time: formatDuration(match.correspondenceHours * 3600) }));
  else items.push(t("sumUntimed"));
  if (typeof o.opening_min === "number" && o.opening_min > 0) items.push(t("sumOpening", { n: o.opening_min }));
  if (typeof o.jokers === "number") items.push(o.jokers > 0 ? t("sumJokers", { n: o.jokers }) : t("sumNoJokers"));
  if (typeof o.hand_size === "number") items.push(t("sumHand", { n: o.hand_size }));
  else if (o.short_deal) items.push(t("opt_short_deal"));
  if (o.match_format === "rounds" && typeof o.rounds === "number") items.push(o.rounds === 1 ? t("sumOneRound") : t("sumRounds", { n: o.rounds }));
  if (o.match_format === "outs") items.push(t("sumOuts", { n: Number(o.outs_to_win) }));
  if (o.match_format === "target") items.push(t("sumTarget", { n: Number(o.target_score) }));
  if (o.discard_pile && o.family !== "rummy") items.push(t("opt_discard_pile"));
  if (o.draw_two_river) items.push(t("opt_draw_two_river"));
  if (o.ace_high) items.push(t("opt_ace_high"));
  return (
    <div className="rules-summary" data-testid="rules-summary">
      <strong>{rulesetTitle(match.ruleset)}</strong>{match.ranked ? ` · ${t("rankedMatch")}` : ""}
      <ul>{items.map((x, i) => <li key={i}>{x}</li>)}</ul>
      <a href={rulesHref(match)} data-testid="rules-link">{t("howToPlay")}</a>
    </div>
  );
}

/**
 * Before the start: who sits where, the rules, the invitation (a link with Copy and, where
 * the browser has it, Share), and Join / Add bot / Start / Leave. For someone holding an
 * invitation it says who invites.
 */
export function WaitingRoom({ match, seated, invite, inviteLink, reload, setStatus }: {
  match: M; seated: boolean; invite: string | null; inviteLink: string; reload: (m: M) => void; setStatus: SetStatus;
}) {
  const [level, setLevel] = useState("MEDIUM");
  const taken = match.seats.filter((s) => s.username || s.bot).length;
  const full = taken === match.players;
  const host = match.seats.find((s) => s.index === 0)?.username ?? "";
  const run = async (p: Promise<{ __typename: string; message?: string; code?: unknown }>) => {
    const r = await p.catch((e: unknown) => ({ __typename: "Error", message: errorText(e), code: undefined }));
    if (r.__typename === "Match") reload(r as unknown as M);
    else if (r.__typename === "Error") setStatus(r.message ?? "", "error");
    else setStatus(serverText("rej", r.code ? String(r.code) : null, r.message), "error");
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(inviteLink);
    } catch {
      // No clipboard API (a page not served over https): select the text for the player.
      const input = document.querySelector<HTMLInputElement>("[data-testid=invite-link]");
      input?.select();
      if (!document.execCommand?.("copy")) return setStatus(t("copyFailed"), "error");
    }
    setStatus(t("copied"), "info");
  };
  const share = () => {
    navigator.share?.({ title: t("inviteTitle", { ruleset: rulesetTitle(match.ruleset) }), text: t("inviteText", { name: host, ruleset: rulesetTitle(match.ruleset) }), url: inviteLink }).catch(() => {});
  };
  const seats = Array.from({ length: match.players }, (_, i) => match.seats.find((s) => s.index === i));
  return (
    <section className="panel waiting" data-testid="waiting-room">
      {!seated && host && (
        <p className="invited" data-testid="invited-by">{t("invitedBy", { name: host, ruleset: rulesetTitle(match.ruleset) })}</p>
      )}
      <h2>{t("waiting")} <span className="muted">({taken}/{match.players})</span></h2>
      <div className="waiting-grid">
        <ol className="waiting-seats" data-testid="waiting-seats">
          {seats.map((s, i) => (
            <li key={i} data-seat={i} className={s && (s.username || s.bot) ? "taken" : "free"}>
              {s && (s.username || s.bot) ? seatLabel(match.seats, i) : t("freeSeat")}
              {i === match.mySeat && <span className="you"> {t("you")}</span>}
            </li>
          ))}
        </ol>
        <RulesSummary match={match} />
      </div>
      {seated && match.private && (
        <div className="invite">
          <label htmlFor="invite-link">{t("invite")}</label>
          <div className="row">
            <input id="invite-link" readOnly value={inviteLink} data-testid="invite-link" onFocus={(e) => e.target.select()} />
            <button type="button" data-action="copy-invite" onClick={copy}>{t("copy")}</button>
            {"share" in navigator && <button type="button" data-action="share-invite" onClick={share}>{t("share")}</button>}
          </div>
        </div>
      )}
      <div className="row">
        {!seated && <button type="button" className="primary" data-action="join" onClick={() => run(gql(JOIN, { id: match.id, inviteCode: invite }).then((d) => d.joinMatch))}>{t("join")}</button>}
        {match.mySeat === 0 && !full && (
          <span className="row">
            <select aria-label={t("botLevel")} value={level} onChange={(e) => setLevel(e.target.value)}>
              {["EASY", "MEDIUM", "HARD", "EXPERT"].map((l) => <option key={l} value={l}>{tEnum("level", l)}</option>)}
            </select>
            <button type="button" data-action="add-bot" onClick={() => run(gql(ADD_BOT, { id: match.id, level: level as BotLevel }).then((d) => d.addBot))}>{t("addBot")}</button>
          </span>
        )}
        {match.mySeat === 0 && <button type="button" className="primary" data-action="start" disabled={!full} onClick={() => run(gql(START, { id: match.id }).then((d) => d.startMatch))}>{t("start")}</button>}
        {seated && <button type="button" className="ghost danger" data-action="leave" onClick={() => run(gql(RESIGN, { id: match.id }).then((d) => d.resign))}>{t("leave")}</button>}
      </div>
    </section>
  );
}

export function Ending({ match, ratings, abortReason }: { match: M; ratings: MatchRatings; abortReason: string | null }) {
  const winners = new Set(match.winners.map((w) => w.index));
  const [message, setMessage] = useState("");
  const rematch = async () => {
    const bots = match.seats.filter((s) => s.bot).map((s) => s.bot!);
    try {
      const r = (await gql(CREATE, { input: { ruleset: match.ruleset, seats: match.players, bots, turnSeconds: match.turnSeconds ?? null, correspondenceHours: match.turnSeconds ? null : (match.correspondenceHours ?? null), private: match.private, options: match.options } })).createMatch;
      if (r.__typename === "Match") location.hash = `#/match/${encodeURIComponent(r.id)}`;
      else setMessage(serverText("rej", r.code, r.message));
    } catch (e) {
      setMessage(errorText(e));
    }
  };
  const showRatings = match.ranked && match.status === "FINISHED";
  const aborted = match.status === "ABORTED";
  if (aborted && match.round === 0) {
    return (
      <section className="panel ending" data-testid="result">
        <h2>{t("matchAborted")}</h2>
        <p data-testid="abort-reason">{t("abortedBecause", { reason: abortReason ?? t("abort_unknown") })}</p>
        <a href="#/">{t("back")}</a>
      </section>
    );
  }
  return (
    <section className="panel ending" data-testid="result">
      <h2>{aborted ? t("matchAborted") : t("matchOver")}</h2>
      {aborted && <p data-testid="abort-reason">{t("abortedBecause", { reason: abortReason ?? t("abort_unknown") })}</p>}
      <table>
        <thead><tr><th>{t("seat")}</th><th>{t("score")}</th><th>{t("roundsWon")}</th>{showRatings && <th>{t("rating")}</th>}</tr></thead>
        <tbody>
          {match.seats.map((s) => (
            <tr key={s.index} className={winners.has(s.index) ? "win" : ""} data-seat={s.index}>
              <td>{winners.has(s.index) ? "★ " : ""}{seatLabel(match.seats, s.index)}{s.resigned ? ` (${t("resigned")})` : ""}</td><td>{s.score}</td><td>{s.roundsWon}</td>
              {showRatings && (
                <td data-testid="rating-change">{s.username && !s.bot ? formatChange(ratings[s.username] ?? { before: undefined, after: null, exact: false }, t("unrated"), t("ratingPending")) || t("ratingPending") : "—"}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {!aborted && <p className="muted">{t("roundsPlayed", { n: match.roundResults.length })}</p>}
      <div className="row">
        <button type="button" className="primary" data-action="rematch" onClick={rematch}>{t("rematch")}</button>
        {!aborted && <a href={`#/replay/${encodeURIComponent(match.id)}`}>{t("replay")}</a>}
      </div>
      <p role="status" className="status error">{message}</p>
    </section>
  );
}
