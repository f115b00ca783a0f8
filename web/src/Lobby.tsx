import { useEffect, useState } from "react";
import { gql } from "./api";
import { CREATE, DEQUEUE, ENQUEUE, JOIN, LEADERBOARD, LOBBY, RULESETS } from "./ops";
import type { BotLevel, LobbyQuery, RulesetsQuery, LeaderboardQuery, Tempo } from "./gql/graphql";
import { t } from "./i18n";

const LEVELS: BotLevel[] = ["EASY" as BotLevel, "MEDIUM" as BotLevel, "HARD" as BotLevel, "EXPERT" as BotLevel];
// The main options of RULES.md the form offers; their type, default and allowed range
// come from the preset's `optionList` (options a preset fixes are not offered).
const OPTION_LABELS: Record<string, string> = {
  opening_min: "Opening minimum",
  rounds: "Rounds",
  jokers: "Jokers",
  short_deal: "Short deal",
  ace_high: "Ace high (Q-K-A)",
  discard_pile: "Discard pile",
  draw_two_river: "River draw",
};

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
  const [tempo, setTempo] = useState<Tempo>("LIVE" as Tempo);

  const load = () => gql(LOBBY).then(setLobby).catch((e) => setMessage(e.message));
  useEffect(() => {
    gql(RULESETS).then((d) => setRulesets(d.rulesets));
    load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    gql(LEADERBOARD, { ruleset, tempo }).then(setBoard).catch(() => setBoard(null));
  }, [ruleset, tempo]);

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
      else setMessage(r.message);
    } catch (e) {
      setMessage((e as Error).message);
    }
  };
  const join = async (id: string) => {
    const r = (await gql(JOIN, { id })).joinMatch;
    if (r.__typename === "Match") location.hash = `#/match/${encodeURIComponent(id)}`;
    else setMessage(r.message);
  };
  const queue = async () => {
    const r = (await gql(ENQUEUE, { input: { ruleset, players: seats, tempo } })).enqueue;
    if (r.__typename === "Rejection") setMessage(r.message);
    load();
  };
  const unqueue = async () => {
    await gql(DEQUEUE);
    load();
  };

  return (
    <div className="lobby">
      <section className="panel">
        <h2>New match</h2>
        <form className="grid" onSubmit={(e) => { e.preventDefault(); create(); }}>
          <label>Ruleset
            <select value={ruleset} onChange={(e) => setRuleset(e.target.value)}>
              {rulesets.map((r) => <option key={r.name} value={r.name}>{r.name}</option>)}
            </select>
          </label>
          <label>Seats
            <input type="number" min={preset?.minPlayers ?? 2} max={preset?.maxPlayers ?? 5} value={seats} onChange={(e) => setSeats(Number(e.target.value))} />
          </label>
          <label>Bots
            <input type="number" min={0} max={seats - 1} value={bots} onChange={(e) => setBots(Number(e.target.value))} />
          </label>
          <label>Bot level
            <select value={level} onChange={(e) => setLevel(e.target.value as BotLevel)}>
              {LEVELS.map((l) => <option key={l} value={l}>{l.toLowerCase()}</option>)}
            </select>
          </label>
          <label>Turn seconds
            <select value={turnSeconds} onChange={(e) => setTurnSeconds(e.target.value)}>
              <option value="">untimed</option>
              {[15, 30, 60, 120].map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
          <label>Correspondence hours
            <input type="number" min={1} max={168} value={corrHours} disabled={!!turnSeconds} onChange={(e) => setCorrHours(e.target.value)} />
          </label>
          {preset?.optionList.filter((o) => !o.fixed && String(o.type) === "INT" && OPTION_LABELS[o.name]).map((o) => (
            <label key={o.name}>{OPTION_LABELS[o.name]}
              <input type="number" min={o.min ?? undefined} max={o.max ?? undefined} placeholder={o.nullable ? "none" : undefined}
                title={o.description ?? undefined} value={String(options[o.name] ?? o.default ?? "")}
                onChange={(e) => {
                  const next = { ...options };
                  if (e.target.value === "") delete next[o.name];
                  else next[o.name] = Number(e.target.value);
                  setOptions(next);
                }} />
            </label>
          ))}
          {preset?.optionList.filter((o) => !o.fixed && String(o.type) === "BOOLEAN" && OPTION_LABELS[o.name]).map((o) => (
            <label key={o.name} className="check" title={o.description ?? undefined}>
              <input type="checkbox" checked={Boolean(options[o.name] ?? o.default)}
                onChange={(e) => setOptions({ ...options, [o.name]: e.target.checked })} /> {OPTION_LABELS[o.name]}
            </label>
          ))}
          <label className="check"><input type="checkbox" checked={priv} onChange={(e) => setPriv(e.target.checked)} /> Private (invite only)</label>
          <button type="submit" className="primary">New match</button>
        </form>
        <p role="status" className="status">{message}</p>
      </section>

      <section className="panel">
        <h2>{t("myMatches")}</h2>
        <ul className="list">
          {lobby?.myMatches.edges.map(({ node: m }) => (
            <li key={m.id}>
              <a href={`#/match/${encodeURIComponent(m.id)}`}>{m.ruleset} · {m.seats.map((s) => (s.username ? `${s.username}${String(s.controller) === "TAKEOVER" ? " (bot plays)" : ""}` : s.bot ? `bot ${s.bot.toLowerCase()}` : "—")).join(", ")}</a>
              <span className="muted"> {m.status.toLowerCase()}</span>
              {m.status === "ACTIVE" && m.turn && m.turn.seat === m.mySeat && <span className="badge" data-testid="my-turn">{t("yourTurn")}</span>}
            </li>
          ))}
          {lobby && lobby.myMatches.edges.length === 0 && <li className="muted">None yet: create one, or join an open match.</li>}
        </ul>
        <h2>{t("openMatches")}</h2>
        <ul className="list">
          {lobby?.openMatches.edges.filter(({ node: m }) => m.mySeat === null || m.mySeat === undefined).map(({ node: m }) => (
            <li key={m.id}>
              {m.ruleset} · {m.players} seats · {m.seats.filter((s) => s.username || s.bot).map((s) => s.username ?? "bot").join(", ")}
              {m.turnSeconds ? ` · ${m.turnSeconds}s` : ""}
              <button type="button" onClick={() => join(m.id)}>Join</button>
            </li>
          ))}
          {lobby && lobby.openMatches.edges.every(({ node: m }) => m.mySeat !== null && m.mySeat !== undefined) && <li className="muted">No open matches right now.</li>}
        </ul>
      </section>

      <section className="panel">
        <h2>{t("ranked")}</h2>
        {lobby?.queueStatus ? (
          <p>Queued for {lobby.queueStatus.ruleset} ({lobby.queueStatus.players} players, {lobby.queueStatus.tempo.toLowerCase()}), waiting {Math.round(lobby.queueStatus.waitedSeconds)} s, range ±{Math.round(lobby.queueStatus.searchRange)}
            {" "}<button type="button" onClick={unqueue}>Leave queue</button></p>
        ) : (
          <p>
            <label>Tempo <select value={tempo} onChange={(e) => setTempo(e.target.value as Tempo)}><option value="LIVE">live</option><option value="CORRESPONDENCE">correspondence</option></select></label>
            {" "}<button type="button" onClick={queue}>Join ranked queue</button> <span className="muted">({ruleset}, {seats} players)</span>
          </p>
        )}
        <h2>{t("leaderboard")} · {ruleset} · {tempo.toLowerCase()}</h2>
        <ol className="list">
          {board?.leaderboard.edges.map(({ node: e }) => (
            <li key={e.user.username}>{e.rank}. {e.user.username} <span className="muted">{e.rating.ordinal.toFixed(1)} ({e.rating.games} games{e.rating.provisional ? ", provisional" : ""})</span></li>
          ))}
          {board && board.leaderboard.edges.length === 0 && <li className="muted">No rated games yet.</li>}
        </ol>
        <p className="muted">Signed in as {me.username}.</p>
      </section>
    </div>
  );
}
