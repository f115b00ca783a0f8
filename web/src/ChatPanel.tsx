// A match's chat (issue 30): the lines of my room (players, or spectators), live from
// the last seq seen; a line of at most 140 characters or a quick line; in ranked play
// quick lines until every player turns free chat on; mute a player or the whole chat
// here; report a line. A line a moderator hid shows as hidden.
import { useEffect, useRef, useState } from "react";
import { errorText, gql, subscribe } from "./api";
import { CHAT, MATCH_CHAT, MUTE_CHAT, REPLAY_CHAT, REPORT_LINE, SEND_CHAT, SET_FREE_CHAT } from "./socialOps";
import type { ChatQuery, QuickMessage } from "./gql/graphql";
import { getLang, serverText, t, tEnum } from "./i18n";
import "./social.css";

type Event = ChatQuery["chat"]["events"][number];
type State = ChatQuery["chat"]["state"];
const QUICK: QuickMessage[] = ["GOOD_LUCK", "WELL_PLAYED", "THANKS", "OOPS"] as QuickMessage[];

/** A line's text in the viewer's language (quick lines by their code). */
function lineText(e: { quick?: QuickMessage | null; text?: string | null; hidden?: boolean }): string {
  if (e.hidden) return t("lineHidden");
  if (e.quick) return tEnum("quick", String(e.quick)) ?? e.text ?? "";
  return e.text ?? "";
}

export function ChatPanel({ matchId, me }: { matchId: string; me: { username: string } }) {
  const [state, setState] = useState<State | null>(null);
  const [events, setEvents] = useState<Event[]>([]);
  const [text, setText] = useState("");
  const [message, setMessage] = useState("");
  const last = useRef(0);
  const list = useRef<HTMLOListElement>(null);

  const loadState = () => gql(CHAT, { id: matchId }).then((d) => setState(d.chat.state)).catch(() => {});
  useEffect(() => {
    let stop = () => {};
    let live = true;
    gql(CHAT, { id: matchId })
      .then((d) => {
        if (!live) return;
        setState(d.chat.state);
        setEvents(d.chat.events);
        last.current = d.chat.lastSeq;
        // Live from where the page read; after a dropped socket, from the last seq seen.
        stop = subscribe(MATCH_CHAT, () => ({ id: matchId, after: last.current }), (m) => {
          const e = m.matchChat as Event;
          if (e.seq <= last.current) return;
          last.current = e.seq;
          if (e.__typename === "FreeChatChanged") loadState();
          setEvents((old) => [...old.slice(-199), e]);
        });
      })
      .catch((e) => setMessage(errorText(e)));
    return () => {
      live = false;
      stop();
    };
  }, [matchId]);
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }, [events.length]);

  const hidden = new Set(events.flatMap((e) => (e.__typename === "ChatLineHidden" ? [e.hiddenSeq] : [])));
  const lines = events.filter((e) => e.__typename === "ChatMessage");
  const send = async (quick?: QuickMessage) => {
    setMessage("");
    try {
      const r = (await gql(SEND_CHAT, quick ? { id: matchId, quick } : { id: matchId, text })).sendChat;
      if (r.__typename === "Rejection") setMessage(serverText("rej", r.code, r.message));
      else if (!quick) setText("");
    } catch (e) {
      setMessage(errorText(e));
    }
  };
  const freeChat = async (on: boolean) => {
    const r = (await gql(SET_FREE_CHAT, { id: matchId, on })).setFreeChat;
    if (r.__typename === "Rejection") setMessage(serverText("rej", r.code, r.message));
    loadState();
  };
  const mute = async (username: string | null, muted: boolean) => {
    await gql(MUTE_CHAT, { id: matchId, username, muted }).catch((e) => setMessage(errorText(e)));
    const d = await gql(CHAT, { id: matchId });
    setState(d.chat.state);
    setEvents(d.chat.events);
  };
  const report = async (username: string, seq: number) => {
    try {
      await gql(REPORT_LINE, { username, id: matchId, lines: [seq] });
      setMessage(t("reported", { name: username }));
    } catch (e) {
      setMessage(errorText(e));
    }
  };

  const max = state?.maxLength ?? 140;
  const canSpeak = !!state?.room && !state.timedOutUntil;
  return (
    <section className="panel chat" data-testid="chat" aria-label={t("chat")} data-room={state?.room ?? undefined}>
      <h3>
        {state?.room === "SPECTATORS" ? t("spectatorsChat") : t("chat")}
        {state && (
          <button type="button" className="ghost small" data-action="mute-all" onClick={() => mute(null, !state.mutedAll)}>
            {state.mutedAll ? t("unmuteChat") : t("muteChat")}
          </button>
        )}
      </h3>
      <ol className="lines" ref={list}>
        {lines.map((e) =>
          e.__typename === "ChatMessage" ? (
            <li key={e.seq} data-chat-line={e.seq} data-room={e.room} className={e.username === me.username ? "mine" : ""}>
              <b>{e.username}</b> <span className={e.hidden || hidden.has(e.seq) ? "hidden" : ""}>{lineText({ ...e, hidden: e.hidden || hidden.has(e.seq) })}</span>
              {e.username && e.username !== me.username && (
                <span className="line-actions">
                  <button type="button" className="ghost small" data-action="mute-player" title={t("mutePlayer", { name: e.username })} onClick={() => mute(e.username!, true)}>{t("mute")}</button>
                  <button type="button" className="ghost small" data-action="report-line" title={t("reportLine")} onClick={() => report(e.username!, e.seq)}>{t("report")}</button>
                </span>
              )}
            </li>
          ) : null,
        )}
        {lines.length === 0 && <li className="muted">{t("noChat")}</li>}
      </ol>
      {state && state.muted.length > 0 && (
        <p className="muted">
          {t("mutedPlayers", { names: state.muted.join(", ") })}{" "}
          {state.muted.map((name) => (
            <button key={name} type="button" className="ghost small" onClick={() => mute(name, false)}>{t("unmutePlayer", { name })}</button>
          ))}
        </p>
      )}
      {canSpeak && (
        <>
          <div className="quick">
            {QUICK.map((q) => (
              <button key={q} type="button" className="ghost small" data-quick={q} onClick={() => send(q)}>{tEnum("quick", String(q))}</button>
            ))}
          </div>
          {state.quickOnly ? (
            <p className="muted" data-testid="quick-only">
              {t("quickOnly", { n: state.freeChatPlayers, of: state.players })}{" "}
              <button type="button" className="ghost small" data-action="free-chat" onClick={() => freeChat(!state.freeChat)}>
                {state.freeChat ? t("freeChatOff") : t("freeChatOn")}
              </button>
            </p>
          ) : (
            <form className="say" onSubmit={(e) => { e.preventDefault(); if (text.trim()) send(); }}>
              <input name="chat" maxLength={max} value={text} placeholder={t("sayPlaceholder")} aria-label={t("chatLine")} onChange={(e) => setText(e.target.value)} />
              <span className="muted count">{max - text.length}</span>
              <button type="submit" data-action="send-chat" disabled={!text.trim()}>{t("send")}</button>
            </form>
          )}
        </>
      )}
      {state?.timedOutUntil && <p className="status">{t("timedOut", { when: new Date(state.timedOutUntil).toLocaleTimeString(getLang()) })}</p>}
      {/* A div: the page's own status line stays the one p[role=status] of a match page. */}
      <div role="status" className="status" data-testid="chat-status">{message}</div>
    </section>
  );
}

/** The chat of a match that is over (both rooms), beside its replay. */
export function ReplayChat({ matchId }: { matchId: string }) {
  const [lines, setLines] = useState<{ seq: number; room: string; username?: string | null; text?: string | null; quick?: QuickMessage | null }[]>([]);
  useEffect(() => {
    gql(REPLAY_CHAT, { id: matchId }).then((d) => setLines(d.replay?.chat ?? [])).catch(() => setLines([]));
  }, [matchId]);
  if (lines.length === 0) return null;
  return (
    <section className="panel chat" data-testid="replay-chat">
      <h3>{t("chat")}</h3>
      <ol className="lines">
        {lines.map((l) => (
          <li key={l.seq} data-room={l.room}>
            <b>{l.username}</b> {l.room === "SPECTATORS" && <span className="muted">({t("spectator")})</span>} {lineText(l)}
          </li>
        ))}
      </ol>
    </section>
  );
}
