// Tournaments (issue 30): the list (to come, running, over) with registration, and one
// tournament with its rules, standings and rounds (each table a match to play or watch),
// following its events live.
import { useEffect, useState } from "react";
import { errorText, gql, subscribe } from "./api";
import { JOIN_TOURNAMENT, LEAVE_TOURNAMENT, TOURNAMENT, TOURNAMENT_EVENTS, TOURNAMENTS } from "./socialOps";
import type { TournamentQuery, TournamentsQuery } from "./gql/graphql";
import { getLang, serverText, t, tEnum, tn } from "./i18n";
import { rulesetTitle } from "./Lobby";
import { onSocialEvent } from "./socialEvents";
import "./social.css";

type Row = TournamentsQuery["tournaments"]["edges"][number]["node"];

const when = (iso: string) => new Date(iso).toLocaleString(getLang());
const pts = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ""));

function clock(r: { turnSeconds?: number | null; correspondenceDays?: number | null }): string {
  return r.turnSeconds ? t("clockSeconds", { n: r.turnSeconds }) : t("clockDays", { n: r.correspondenceDays ?? 0 });
}

async function register(id: string, join: boolean): Promise<string> {
  try {
    const r = join
      ? (await gql(JOIN_TOURNAMENT, { id })).joinTournament
      : (await gql(LEAVE_TOURNAMENT, { id })).leaveTournament;
    return r.__typename === "Rejection" ? serverText("rej", r.code, r.message) : "";
  } catch (e) {
    return errorText(e);
  }
}

export function TournamentsPage() {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [message, setMessage] = useState("");
  const load = () => gql(TOURNAMENTS, {}).then((d) => setRows(d.tournaments.edges.map((e) => e.node))).catch((e) => setMessage(errorText(e)));
  useEffect(() => {
    load();
    const timer = setInterval(load, 10_000);
    const off = onSocialEvent(() => load());
    return () => {
      clearInterval(timer);
      off();
    };
  }, []);
  const toggle = async (row: Row) => {
    setMessage(await register(row.id, !row.registered));
    load();
  };
  const groups: [string, Row[]][] = rows
    ? [
        ["SCHEDULED", rows.filter((r) => r.status === "SCHEDULED")],
        ["RUNNING", rows.filter((r) => r.status === "RUNNING")],
        ["FINISHED", rows.filter((r) => r.status === "FINISHED" || r.status === "CANCELLED")],
      ]
    : [];
  return (
    <div className="panel tournaments" data-testid="tournaments">
      <a href="#/">← {t("lobby")}</a>
      <h2>{t("tournaments")}</h2>
      {rows === null && <p>{t("loading")}</p>}
      {rows && rows.length === 0 && <p className="muted">{t("noTournaments")}</p>}
      {groups.filter(([, list]) => list.length > 0).map(([status, list]) => (
        <div key={status} data-list={status}>
          <h3>{tEnum("tournamentStatus", status)}</h3>
          <ul className="list">
            {list.map((r) => (
              <li key={r.id} data-tournament={r.id}>
                <a href={`#/tournament/${encodeURIComponent(r.id)}`}>{r.name}</a>
                <span className="muted">
                  {rulesetTitle(r.ruleset)} · {t("tablesOf", { n: r.tableSize })} · {tn("roundsCount", r.roundCount)} · {clock(r)}
                  {r.rated ? ` · ${t("rankedMatch")}` : ""} · {r.status === "SCHEDULED" ? t("startsAt", { when: when(r.startsAt) }) : t("roundOf", { n: r.currentRound, of: r.roundCount })} · {tn("playersCount", r.playerCount)}
                </span>
                {r.registered && <span className="badge">{t("registered")}</span>}
                {r.status === "SCHEDULED" && (
                  <button type="button" data-action={r.registered ? "leave-tournament" : "join-tournament"} onClick={() => toggle(r)}>
                    {r.registered ? t("leaveTournament") : t("joinTournament")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p role="status" className="status">{message}</p>
    </div>
  );
}

type Detail = NonNullable<TournamentQuery["tournament"]>;

/** The tournament's rules in the viewer's language (the server's `rules` is English). */
function rulesText(tour: Detail): string {
  const full = tour.placePoints.find((p) => p.tableSize === tour.tableSize)?.points ?? [];
  const points = tour.placePoints.map((p) => t("seatsPoints", { n: p.tableSize, points: p.points.join("/") })).join("; ");
  return t("tournamentRulesText", { size: tour.tableSize, bye: full[1] ?? 0, points, minutes: tour.roundMinutes });
}

export function TournamentPage({ id, me }: { id: string; me: { username: string } }) {
  const [tour, setTour] = useState<Detail | null | undefined>(undefined);
  const [message, setMessage] = useState("");
  const load = () => gql(TOURNAMENT, { id }).then((d) => setTour(d.tournament)).catch((e) => setMessage(errorText(e)));
  useEffect(() => {
    load();
    // Every event of the tournament (a registration, a round, the standings): read it
    // again, once per burst (the stored events come first, all at once).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribe(TOURNAMENT_EVENTS, () => ({ id, after: null }), () => {
      clearTimeout(timer);
      timer = setTimeout(load, 300);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [id]);
  if (tour === undefined) return <div className="panel">{t("loading")}</div>;
  if (tour === null) return <div className="panel"><p>{t("notFound")}</p><a href="#/tournaments">{t("tournaments")}</a></div>;

  const toggle = async () => {
    setMessage(await register(tour.id, !tour.registered));
    load();
  };
  const leaving = tour.status === "RUNNING" && tour.registered;
  return (
    <div className="panel tournament" data-testid="tournament" data-status={tour.status}>
      <a href="#/tournaments">← {t("tournaments")}</a>
      <h2>{tour.name} <span className="badge">{tEnum("tournamentStatus", tour.status)}</span></h2>
      {tour.description && <p>{tour.description}</p>}
      <p className="muted">
        {rulesetTitle(tour.ruleset)} · {t("tablesOf", { n: tour.tableSize })} · {tn("roundsCount", tour.roundCount)} · {clock(tour)}
        {tour.rated ? ` · ${t("rankedMatch")}` : ""} · {t("startsAt", { when: when(tour.startsAt) })} · {tn("playersCount", tour.playerCount)}
        {tour.status === "SCHEDULED" ? ` · ${t("minPlayers", { n: tour.minPlayers })}` : ""}
      </p>
      {tour.status === "CANCELLED" && <p className="status">{t("tournamentCancelled", { reason: tour.cancelReason ?? "" })}</p>}
      <div className="controls">
        {(tour.status === "SCHEDULED" || leaving) && (
          <button type="button" className={tour.registered ? "" : "primary"} data-action={tour.registered ? "leave-tournament" : "join-tournament"} onClick={toggle}>
            {tour.registered ? (leaving ? t("withdraw") : t("leaveTournament")) : t("joinTournament")}
          </button>
        )}
        {tour.registered && <span className="badge" data-testid="registered">{t("registered")}</span>}
        {tour.myTable && (
          <a className="button primary" data-action="my-table" href={`#/match/${encodeURIComponent(tour.myTable.matchId)}`}>{t("toMyTable")}</a>
        )}
      </div>
      <p role="status" className="status">{message}</p>
      <details className="rules-text"><summary>{t("tournamentRules")}</summary><p>{rulesText(tour)}</p></details>

      <h3>{t("standings")}</h3>
      <div className="scroll-x" tabIndex={0} role="region" aria-label={t("standings")}>
      <table className="standings" data-testid="standings">
        <thead>
          <tr><th>#</th><th>{t("player")}</th><th>{t("pointsHeader")}</th><th>{t("opponentsPoints")}</th><th>{t("played")}</th><th>{t("forfeits")}</th></tr>
        </thead>
        <tbody>
          {tour.standings.map((s) => (
            <tr key={s.user.id} className={`${s.user.username === me.username ? "me" : ""}${s.withdrawn ? " withdrawn" : ""}`} data-player={s.user.username}>
              <td>{s.rank}</td>
              <td>{s.user.username}{s.withdrawn ? ` (${t("withdrawn")})` : ""}</td>
              <td>{pts(s.points)}</td>
              <td>{pts(s.tiebreak)}</td>
              <td>{s.played}{s.byes ? ` + ${s.byes}` : ""}</td>
              <td>{s.forfeits}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>

      {[...tour.rounds].reverse().map((r) => (
        <div key={r.number} className="round" data-round={r.number}>
          <h3>{t("roundOf", { n: r.number, of: tour.roundCount })}{r.endedAt ? "" : ` · ${t("roundEnds", { when: when(r.deadline) })}`}</h3>
          <ul className="list">
            {r.tables.map((table) => {
              const mine = table.players.some((p) => p.username === me.username);
              return (
                <li key={table.index} className={mine ? "mine" : ""} data-table={table.index}>
                  <span>{t("tableN", { n: table.index + 1 })}:</span>
                  {table.results
                    ? table.results.map((x) => (
                        <span key={x.user.username} className="result">
                          {x.user.username} {x.forfeit ? t("forfeit") : `${x.place ?? "-"}. (${pts(x.points)})`}
                        </span>
                      ))
                    : <span>{table.players.map((p) => p.username).join(", ")}</span>}
                  {table.adjudicated && <span className="badge">{t("adjudicated")}</span>}
                  <a href={`#/match/${encodeURIComponent(table.matchId)}`}>{mine && !r.endedAt ? t("playTable") : t("watch")}</a>
                </li>
              );
            })}
            {r.byes.length > 0 && <li className="muted">{t("byes", { names: r.byes.map((b) => b.username).join(", ") })}</li>}
          </ul>
        </div>
      ))}
    </div>
  );
}
