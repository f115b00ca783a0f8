// Friends (issue 30): players I follow (online, and the public matches they play: watch
// them), challenges (send one; answer, or withdraw mine), and the players I blocked.
import { useEffect, useState } from "react";
import { errorText, gql } from "./api";
import {
  BLOCK,
  CANCEL_CHALLENGE,
  CHALLENGE,
  DECLINE_CHALLENGE,
  ACCEPT_CHALLENGE,
  FOLLOW,
  FRIENDS,
  UNBLOCK,
  UNFOLLOW,
} from "./socialOps";
import type { FriendsQuery } from "./gql/graphql";
import { getLang, serverText, t } from "./i18n";
import { rulesetTitle, RULESET_TITLES } from "./Lobby";
import { clockText } from "./Notices";
import { onSocialEvent } from "./socialEvents";
import "./social.css";

type Result = { __typename: string; code?: unknown; message?: string };

export function FriendsPage({ me }: { me: { username: string } }) {
  const [data, setData] = useState<FriendsQuery | null>(null);
  const [message, setMessage] = useState("");
  const [name, setName] = useState("");
  const [target, setTarget] = useState<string | null>(null);
  const [ruleset, setRuleset] = useState("robbers");
  const [turnSeconds, setTurnSeconds] = useState("60");
  const [ranked, setRanked] = useState(false);

  const load = () => gql(FRIENDS).then(setData).catch((e) => setMessage(errorText(e)));
  useEffect(() => {
    load();
    const timer = setInterval(load, 10_000);
    const off = onSocialEvent(() => load());
    return () => {
      clearInterval(timer);
      off();
    };
  }, []);

  const act = async (run: () => Promise<Result>, done?: string) => {
    setMessage("");
    try {
      const r = await run();
      if (r.__typename === "Rejection") setMessage(serverText("rej", String(r.code), r.message ?? ""));
      else if (done) setMessage(done);
    } catch (e) {
      setMessage(errorText(e));
    }
    load();
  };
  const follow = (username: string) => act(async () => (await gql(FOLLOW, { username })).followUser);
  const unfollow = (username: string) => act(async () => (await gql(UNFOLLOW, { username })).unfollowUser);
  const block = (username: string) => act(async () => (await gql(BLOCK, { username })).blockUser);
  const unblock = (username: string) => act(async () => (await gql(UNBLOCK, { username })).unblockUser);
  const challenge = (username: string) =>
    act(async () => {
      const r = (await gql(CHALLENGE, { username, ruleset, ranked, turnSeconds: turnSeconds ? Number(turnSeconds) : null, correspondenceHours: null })).challenge;
      if (r.__typename === "Challenge") setTarget(null);
      return r;
    }, t("challengeSent", { name: username }));
  const accept = async (id: string) => {
    setMessage("");
    try {
      const r = (await gql(ACCEPT_CHALLENGE, { id })).acceptChallenge;
      if (r.__typename === "Rejection") setMessage(serverText("rej", r.code, r.message));
      else if (r.matchId) location.hash = `#/match/${encodeURIComponent(r.matchId)}`;
    } catch (e) {
      setMessage(errorText(e));
    }
    load();
  };

  const following = data?.me?.following ?? [];
  const blocked = data?.me?.blocked ?? [];
  const incoming = data?.myChallenges.filter((c) => c.challenged?.username === me.username) ?? [];
  const outgoing = data?.myChallenges.filter((c) => c.challenger?.username === me.username) ?? [];
  const form = (username: string) => (
    <form className="challenge-form" data-testid="challenge-form" onSubmit={(e) => { e.preventDefault(); challenge(username); }}>
      <label>{t("ruleset")}
        <select name="challengeRuleset" value={ruleset} onChange={(e) => setRuleset(e.target.value)}>
          {Object.keys(RULESET_TITLES).map((r) => <option key={r} value={r}>{rulesetTitle(r)}</option>)}
        </select>
      </label>
      <label>{t("turnSeconds")}
        <select name="challengeTurnSeconds" value={turnSeconds} onChange={(e) => setTurnSeconds(e.target.value)}>
          <option value="">{t("untimed")}</option>
          {[15, 30, 60, 120].map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </label>
      <label className="check"><input name="challengeRanked" type="checkbox" checked={ranked} onChange={(e) => setRanked(e.target.checked)} /> {t("rankedMatch")}</label>
      <button type="submit" className="primary" data-action="send-challenge">{t("sendChallenge")}</button>
      <button type="button" className="ghost" onClick={() => setTarget(null)}>{t("cancel")}</button>
    </form>
  );

  return (
    <div className="friends" data-testid="friends" aria-busy={!data}>
      <section className="panel">
        <a href="#/">← {t("lobby")}</a>
        <h2>{t("friends")}</h2>
        <form className="follow" onSubmit={(e) => { e.preventDefault(); if (name.trim()) { follow(name.trim()); setName(""); } }}>
          <input name="follow" value={name} placeholder={t("username")} aria-label={t("followWho")} onChange={(e) => setName(e.target.value)} />
          <button type="submit" data-action="follow">{t("follow")}</button>
          <button type="button" data-action="challenge-by-name" disabled={!name.trim()} onClick={() => setTarget(name.trim())}>{t("challenge")}</button>
        </form>
        {target && !following.some((f) => f.user.username === target) && (
          <div className="challenge-to"><b>{target}</b>{form(target)}</div>
        )}
        <ul className="list" data-testid="following">
          {following.map((f) => (
            <li key={f.user.username} data-friend={f.user.username} data-online={f.online ? "yes" : "no"}>
              <span className={`dot ${f.online ? "on" : "off"}`} title={f.online ? t("online") : t("offline")} />
              <b>{f.user.username}</b>
              <span className="muted">{f.online ? t("online") : f.lastSeenAt ? t("lastSeen", { when: new Date(f.lastSeenAt).toLocaleString(getLang()) }) : t("offline")}</span>
              {f.playing.map((m) => (
                <a key={m.id} href={`#/match/${encodeURIComponent(m.id)}`} data-action="watch">{t("watchMatch", { ruleset: rulesetTitle(m.ruleset) })}</a>
              ))}
              <span className="actions">
                <button type="button" data-action="challenge" onClick={() => setTarget(target === f.user.username ? null : f.user.username)}>{t("challenge")}</button>
                <button type="button" className="ghost" onClick={() => unfollow(f.user.username)}>{t("unfollow")}</button>
                <button type="button" className="ghost danger" data-action="block" onClick={() => block(f.user.username)}>{t("block")}</button>
              </span>
              {target === f.user.username && form(f.user.username)}
            </li>
          ))}
          {data && following.length === 0 && <li className="muted">{t("noFriends")}</li>}
        </ul>
        <p role="status" className="status">{message}</p>
      </section>

      <section className="panel" data-testid="challenges">
        <h2>{t("challenges")}</h2>
        <ul className="list">
          {incoming.map((c) => (
            <li key={c.id} data-challenge={c.id} data-direction="in">
              <span>{t("challengeFrom", { name: c.challenger?.username ?? "" })} · {rulesetTitle(c.ruleset)} · {clockText(c.turnSeconds, c.correspondenceHours)}{c.ranked ? ` · ${t("rankedMatch")}` : ""}</span>
              <button type="button" className="primary" data-action="accept-challenge" onClick={() => accept(c.id)}>{t("accept")}</button>
              <button type="button" data-action="decline-challenge" onClick={() => act(async () => (await gql(DECLINE_CHALLENGE, { id: c.id })).declineChallenge)}>{t("decline")}</button>
            </li>
          ))}
          {outgoing.map((c) => (
            <li key={c.id} data-challenge={c.id} data-direction="out">
              <span>{t("challengeTo", { name: c.challenged?.username ?? "" })} · {rulesetTitle(c.ruleset)} · {clockText(c.turnSeconds, c.correspondenceHours)} · {t("expiresAt", { when: new Date(c.expiresAt ?? "").toLocaleTimeString(getLang()) })}</span>
              <button type="button" className="ghost" data-action="cancel-challenge" onClick={() => act(async () => (await gql(CANCEL_CHALLENGE, { id: c.id })).cancelChallenge)}>{t("withdrawChallenge")}</button>
            </li>
          ))}
          {data && incoming.length + outgoing.length === 0 && <li className="muted">{t("noChallenges")}</li>}
        </ul>
        <h2>{t("blockedPlayers")}</h2>
        <ul className="list" data-testid="blocked">
          {blocked.map((b) => (
            <li key={b.username}>{b.username} <button type="button" onClick={() => unblock(b.username)}>{t("unblock")}</button></li>
          ))}
          {data && blocked.length === 0 && <li className="muted">{t("noBlocked")}</li>}
        </ul>
        <p className="muted">{t("blockExplained")}</p>
      </section>
    </div>
  );
}
