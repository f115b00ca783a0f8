import { useEffect, useRef, useState } from "react";
import { errorText, gql, isConnectionError, useConnection } from "./api";
import { CREATE, DEQUEUE, ENQUEUE, JOIN, LEADERBOARD, LOBBY, PLAYER_RATINGS, RULESETS } from "./ops";
import type { BotLevel, LobbyQuery, RulesetsQuery, LeaderboardQuery, PlayerRatingsQuery, Tempo } from "./gql/graphql";
import { serverText, t, tEnum, tn, type Key } from "./i18n";
import { onUserEvent } from "./userEvents";
import { seatLabel } from "./moves";

const LEVELS: BotLevel[] = ["EASY" as BotLevel, "MEDIUM" as BotLevel, "HARD" as BotLevel, "EXPERT" as BotLevel];
// The main options of RULES.md the form offers; their type, default and allowed range
// come from the preset's `optionList` (options a preset fixes are not offered).
const OPTION_LABELS: Record<string, Key> = {
  opening_min: "opt_opening_min",
  rounds: "opt_rounds",
  jokers: "opt_jokers",
  short_deal: "opt_short_deal",
  ace_high: "opt_ace_high",
  discard_pile: "opt_discard_pile",
  draw_two_river: "opt_draw_two_river",
  max_timeouts: "opt_max_timeouts",
};
export const RULESET_TITLES: Record<string, string> = { robbers: "Robbers' Rummy", vatikan: "Vatikan", rummikub: "Rummikub", rummy: "Rummy" };
export const rulesetTitle = (name: string) => RULESET_TITLES[name] ?? name;
export const RULES_PAGES = ["robbers", "rummikub", "rummy"];

type LobbyMatch = LobbyQuery["active"]["edges"][number]["node"];

export const seatName = (s: { index: number; username?: string | null; bot?: BotLevel | null; controller?: unknown }) =>
  s.username
    ? `${s.username}${String(s.controller) === "TAKEOVER" ? ` (${t("botPlays")})` : ""}`
    : s.bot
      ? seatLabel([s], s.index)
      : t("emptySeat");

export function Lobby({ me }: { me: { username: string } }) {
  const [rulesets, setRulesets] = useState<RulesetsQuery["rulesets"]>([]);
  const [lobby, setLobby] = useState<LobbyQuery | null>(null);
  const [message, setMessage] = useState("");
  const [ruleset, setRuleset] = useState("robbers");
  const [seats, setSeats] = useState(2);
  const [bots, setBots] = useState(0);
  const [level, setLevel] = useState<BotLevel>("MEDIUM" as BotLevel);
  const [turnSeconds, setTurnSeconds] = useState("");
  const [corrHours, setCorrHours] = useState("");
  const [priv, setPriv] = useState(false);
  const [options, setOptions] = useState<Record<string, number | boolean>>({});
  const [board, setBoard] = useState<LeaderboardQuery | null>(null);
  const [mine, setMine] = useState<PlayerRatingsQuery["player"] | null>(null);
  const [tempo, setTempo] = useState<Tempo>("LIVE" as Tempo);
  const queued = useRef(false);
  const [boardTick, setBoardTick] = useState(0);

  const [connMessage, setConnMessage] = useState(false); // the message is a connection error
  const fail = (e: unknown) => {
    setMessage(errorText(e));
    setConnMessage(isConnectionError(e));
  };
  const load = () =>
    gql(LOBBY)
      .then((d) => {
        queued.current = !!d.queueStatus;
        setLobby(d);
      })
      .catch(fail);
  // Back online: the stale connection error goes and the lists are read again.
  const conn = useConnection();
  useEffect(() => {
    if (conn !== "online") return;
    if (connMessage) setMessage("");
    load();
  }, [conn]);
  useEffect(() => {
    gql(RULESETS).then((d) => setRulesets(d.rulesets));
    load();
    const timer = setInterval(load, 5000);
    // My notifications: a ranked table formed for my ticket (go to it), a turn of mine.
    const off = onUserEvent((e) => {
      if (e.type === "MATCH_STARTED" && queued.current && e.matchId) {
        queued.current = false;
        location.hash = `#/match/${encodeURIComponent(e.matchId)}`;
        return;
      }
      if (e.type === "RATING_CHANGED") setBoardTick((n) => n + 1);
      load();
    });
    return () => {
      clearInterval(timer);
      off();
    };
  }, []);
  const loadBoard = () => {
    gql(LEADERBOARD, { ruleset, tempo }).then(setBoard).catch(() => setBoard(null));
    gql(PLAYER_RATINGS, { username: me.username }).then((d) => setMine(d.player)).catch(() => setMine(null));
  };
  useEffect(loadBoard, [ruleset, tempo, boardTick]);

  const preset = rulesets.find((r) => r.name === ruleset);
  useEffect(() => {
    if (!preset) return;
    setSeats((s) => Math.min(Math.max(s, preset.minPlayers), preset.maxPlayers));
    setOptions({});
  }, [ruleset, preset?.name]);

  const create = async () => {
    setMessage("");
    const input = {
      ruleset,
      seats,
      bots: Array.from({ length: Math.min(bots, seats - 1) }, () => level),
      turnSeconds: turnSeconds ? Number(turnSeconds) : null,
      correspondenceHours: !turnSeconds && corrHours ? Number(corrHours) : null,
      private: priv,
      options: Object.keys(options).length ? options : null,
    };
    try {
      const r = (await gql(CREATE, { input })).createMatch;
      if (r.__typename === "Match") location.hash = `#/match/${encodeURIComponent(r.id)}`;
      else setMessage(serverText("rej", r.code, r.message));
    } catch (e) {
      fail(e);
    }
  };
  const join = async (id: string) => {
    try {
      const r = (await gql(JOIN, { id })).joinMatch;
      if (r.__typename === "Match") location.hash = `#/match/${encodeURIComponent(id)}`;
      else setMessage(serverText("rej", r.code, r.message));
    } catch (e) {
      fail(e);
    }
  };
  const queue = async () => {
    setMessage("");
    try {
      const r = (await gql(ENQUEUE, { input: { ruleset, players: seats, tempo } })).enqueue;
      if (r.__typename === "Rejection") setMessage(serverText("rej", r.code, r.message));
    } catch (e) {
      fail(e);
    }
    load();
  };
  const unqueue = async () => {
    await gql(DEQUEUE).catch(() => {});
    load();
  };

  const myTurnIds = new Set(lobby?.myTurn.edges.map(({ node }) => node.id) ?? []);
  const lists: [Key, LobbyMatch[], string][] = lobby
    ? [
        ["activeMatches", lobby.active.edges.map((e) => e.node), "active"],
        ["waitingMatches", lobby.waiting.edges.map((e) => e.node), "waiting"],
        ["finishedMatches", lobby.finished.edges.map((e) => e.node), "finished"],
      ]
    : [];
  const none = lobby && lists.every(([, l]) => l.length === 0);
  const myRating = mine?.ratings.find((r) => r.ruleset === ruleset && String(r.tempo) === String(tempo));
  const onBoard = board?.leaderboard.edges.some(({ node: e }) => e.user.username === me.username);
  const open = lobby?.openMatches.edges.filter(({ node: m }) => m.mySeat === null || m.mySeat === undefined) ?? [];

  return (
    <div className="lobby">
      <div className="col">
      <section className="panel" data-testid="my-matches">
        <h2>{t("myMatches")} {myTurnIds.size > 0 && <span className="badge" data-testid="my-turn-count">{t("myTurnCount", { n: myTurnIds.size })}</span>}</h2>
        {lists.filter(([, l]) => l.length > 0).map(([title, list, kind]) => (
          <div key={kind} data-list={kind}>
            <h3>{t(title)}</h3>
            <ul className="list">
              {list.map((m) => (
                <li key={m.id} data-match={m.id} className={myTurnIds.has(m.id) ? "mine" : ""}>
                  <a href={`#/match/${encodeURIComponent(m.id)}`}>{rulesetTitle(m.ruleset)}{m.ranked ? ` · ${t("rankedMatch")}` : ""} · {m.seats.map((s) => seatName(kind === "finished" ? { ...s, controller: null } : s)).join(", ")}</a>
                  {m.status === "ABORTED" && <span className="muted"> {tEnum("status", m.status)}</span>}
                  {myTurnIds.has(m.id) && <span className="badge" data-testid="my-turn">{t("yourTurn")}</span>}
                </li>
              ))}
            </ul>
          </div>
        ))}
        {none && <p className="muted">{t("noMatches")}</p>}
        <h2>{t("openMatches")}</h2>
        <ul className="list">
          {open.map(({ node: m }) => (
            <li key={m.id}>
              {rulesetTitle(m.ruleset)} · {t("seatsCount", { n: m.players })} · {m.seats.filter((s) => s.username || s.bot).map(seatName).join(", ")}
              {m.turnSeconds ? ` · ${m.turnSeconds} s` : ""}
              <button type="button" data-action="join" onClick={() => join(m.id)}>{t("join")}</button>
            </li>
          ))}
          {lobby && open.length === 0 && <li className="muted">{t("noOpenMatches")}</li>}
        </ul>
      </section>
      <section className="panel" data-testid="how-to-play">
        <h2>{t("howToPlay")}</h2>
        <ul className="list">
          {RULES_PAGES.map((name) => (
            <li key={name}><a href={`#/rules/${name}`}>{rulesetTitle(name)}</a></li>
          ))}
        </ul>
      </section>
      </div>

      <section className="panel" data-testid="new-match">
        <h2>{t("newMatch")}</h2>
        <form className="grid" onSubmit={(e) => { e.preventDefault(); create(); }}>
          <label>{t("ruleset")}
            <select name="ruleset" value={ruleset} onChange={(e) => setRuleset(e.target.value)}>
              {rulesets.map((r) => <option key={r.name} value={r.name}>{rulesetTitle(r.name)}</option>)}
            </select>
          </label>
          <label>{t("seats")}
            <input name="seats" type="number" min={preset?.minPlayers ?? 2} max={preset?.maxPlayers ?? 5} value={seats} onChange={(e) => setSeats(Number(e.target.value))} />
          </label>
          <label>{t("bots")}
            <input name="bots" type="number" min={0} max={seats - 1} value={bots} onChange={(e) => setBots(Number(e.target.value))} />
          </label>
          <label>{t("botLevel")}
            <select name="level" value={level} onChange={(e) => setLevel(e.target.value as BotLevel)}>
              {LEVELS.map((l) => <option key={l} value={l}>{tEnum("level", l)}</option>)}
            </select>
          </label>
          <label>{t("turnSeconds")}
            <select name="turnSeconds" value={turnSeconds} onChange={(e) => setTurnSeconds(e.target.value)}>
              <option value="">{t("untimed")}</option>
              {[15, 30, 60, 120].map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
          <label>{t("correspondenceHours")}
            <input name="correspondenceHours" type="number" min={1} max={168} value={corrHours} disabled={!!turnSeconds} onChange={(e) => setCorrHours(e.target.value)} />
          </label>
          {preset?.optionList.filter((o) => !o.fixed && String(o.type) === "INT" && OPTION_LABELS[o.name]).map((o) => (
            <label key={o.name}>{t(OPTION_LABELS[o.name])}
              <input name={o.name} type="number" min={o.min ?? undefined} max={o.max ?? undefined} placeholder={o.nullable ? t("none") : undefined}
                value={String(options[o.name] ?? o.default ?? "")}
                onChange={(e) => {
                  const next = { ...options };
                  if (e.target.value === "") delete next[o.name];
                  else next[o.name] = Number(e.target.value);
                  setOptions(next);
                }} />
            </label>
          ))}
          {preset?.optionList.filter((o) => !o.fixed && String(o.type) === "BOOLEAN" && OPTION_LABELS[o.name]).map((o) => (
            <label key={o.name} className="check">
              <input name={o.name} type="checkbox" checked={Boolean(options[o.name] ?? o.default)}
                onChange={(e) => setOptions({ ...options, [o.name]: e.target.checked })} /> {t(OPTION_LABELS[o.name])}
            </label>
          ))}
          <label className="check"><input name="private" type="checkbox" checked={priv} onChange={(e) => setPriv(e.target.checked)} /> {t("private")}</label>
          <button type="submit" className="primary" data-action="new-match">{t("newMatch")}</button>
        </form>
        <p role="status" className="status">{message}</p>
      </section>

      <section className="panel" data-testid="ranked">
        <h2>{t("ranked")}</h2>
        {lobby?.queueStatus ? (
          <p data-testid="queue-status">
            {t("queued", {
              ruleset: rulesetTitle(lobby.queueStatus.ruleset),
              n: lobby.queueStatus.players,
              tempo: tEnum("tempo", String(lobby.queueStatus.tempo)) ?? "",
              s: Math.round(lobby.queueStatus.waitedSeconds),
              range: Math.round(lobby.queueStatus.searchRange),
            })}
            {" "}<button type="button" data-action="leave-queue" onClick={unqueue}>{t("leaveQueue")}</button>
          </p>
        ) : (
          <div className="queue">
            <label>{t("tempo")} <select name="tempo" value={tempo} onChange={(e) => setTempo(e.target.value as Tempo)}>
              <option value="LIVE">{t("tempo_LIVE")}</option><option value="CORRESPONDENCE">{t("tempo_CORRESPONDENCE")}</option>
            </select></label>
            <button type="button" data-action="join-queue" onClick={queue}>{t("joinQueue")}</button>
            <span className="muted">{t("queueFor", { ruleset: rulesetTitle(ruleset), n: seats })}</span>
          </div>
        )}
        <h2>{t("leaderboard")} · {rulesetTitle(ruleset)} · {tEnum("tempo", String(tempo))}</h2>
        <ol className="list" data-testid="leaderboard">
          {board?.leaderboard.edges.map(({ node: e }) => (
            <li key={e.user.username} {...(e.user.username === me.username ? { "data-me": "" } : {})}>
              {e.rank}. {e.user.username}{" "}
              <span className="muted">{e.rating.ordinal.toFixed(1)} ({tn("games", e.rating.games)}{e.rating.provisional ? `, ${t("provisional")}` : ""})</span>
            </li>
          ))}
          {board && !onBoard && myRating && (
            <li data-me="">… {me.username} <span className="muted">{myRating.ordinal.toFixed(1)} ({tn("games", myRating.games)}{myRating.provisional ? `, ${t("provisional")}` : ""})</span></li>
          )}
          {board && board.leaderboard.edges.length === 0 && <li className="muted">{t("noRatings")}</li>}
        </ol>
        <p className="muted">{t("signedInAs", { name: me.username })}</p>
      </section>
    </div>
  );
}
