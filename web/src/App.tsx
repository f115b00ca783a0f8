import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { errorText, gql, getToken, setToken, useConnection } from "./api";
import { LOGIN, LOGOUT, ME, REGISTER } from "./ops";
import { Lobby } from "./Lobby";
import { MatchPage } from "./MatchPage";
import { getLang, serverText, setLang, t, type Lang } from "./i18n";
import { followUserEvents } from "./userEvents";
import { Menu } from "./Menu";
import { applySettings } from "./settings";
import { registerWorker } from "./push";
import { Notices } from "./Notices";

// The rules pages are long texts in three languages: loaded when first opened.
const RulesPage = lazy(() => import("./RulesPage"));
// So is the replay of a finished match.
const ReplayPage = lazy(() => import("./ReplayPage"));
// And the pages of playing together, which a table does not need.
const TournamentsPage = lazy(() => import("./TournamentsPage").then((m) => ({ default: m.TournamentsPage })));
const TournamentPage = lazy(() => import("./TournamentsPage").then((m) => ({ default: m.TournamentPage })));
const FriendsPage = lazy(() => import("./FriendsPage").then((m) => ({ default: m.FriendsPage })));
applySettings();

function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const f = () => setHash(location.hash);
    addEventListener("hashchange", f);
    return () => removeEventListener("hashchange", f);
  }, []);
  return hash;
}

export function App() {
  const [user, setUser] = useState<{ id: string; username: string } | null | undefined>(undefined);
  const [, setLangState] = useState<Lang>(getLang());
  const hash = useHash();
  const conn = useConnection();

  useEffect(() => {
    if (!getToken()) return setUser(null);
    gql(ME)
      .then((d) => setUser(d.me ?? null))
      .catch(() => setUser(null));
  }, []);

  // My notifications (a ranked table formed, my rating moved) while logged in.
  useEffect(() => (user ? followUserEvents(user.username) : undefined), [user?.id]);
  // The service worker that shows pushed notices (its opt-in is in the menu).
  useEffect(() => {
    if (user) registerWorker()?.catch(() => null);
  }, [user?.id]);

  const logout = useCallback(async () => {
    try {
      await gql(LOGOUT);
    } catch {
      /* the token may be gone already */
    }
    setToken(null);
    setUser(null);
  }, []);

  const route = hash.replace(/^#\/?/, "").split("/");
  return (
    <div className="app">
      <header className="top">
        <a href="#/" className="brand">♠♥ Rummy</a>
        <span className="spacer" />
        <label className="lang">
          <span className="sr">{t("language")}</span>
          <select name="language" value={getLang()} onChange={(e) => { setLang(e.target.value as Lang); setLangState(e.target.value as Lang); }}>
            <option value="en">English</option>
            <option value="es">Español</option>
            <option value="nl">Nederlands</option>
          </select>
        </label>
        {user && <a href="#/tournaments" className="nav" data-action="tournaments">{t("tournaments")}</a>}
        {user && <a href="#/friends" className="nav" data-action="friends">{t("friends")}</a>}
        <span className={`conn ${conn}`} data-testid="connection" data-state={conn} role="status" hidden={conn === "online"}>
          {conn === "online" ? "" : t(`conn_${conn}`)}
        </span>
        {user && <span className="who">{user.username}</span>}
        <Menu user={user ?? null} onLogout={logout} />
      </header>
      {user && <Notices me={user} />}
      <main>
        {route[0] === "rules" ? (
          <Suspense fallback={<div className="panel">{t("loading")}</div>}><RulesPage name={route[1] ?? "robbers"} /></Suspense>
        ) : user === undefined ? <div className="panel">{t("loading")}</div> : user === null ? (
          <AuthForm onUser={setUser} />
        ) : route[0] === "match" && route[1] ? (
          <MatchPage key={route[1]} matchId={decodeURIComponent(route[1])} invite={route[2] ? decodeURIComponent(route[2]) : null} me={user} />
        ) : route[0] === "replay" && route[1] ? (
          <Suspense fallback={<div className="panel">{t("loading")}</div>}><ReplayPage matchId={decodeURIComponent(route[1])} /></Suspense>
        ) : route[0] === "tournaments" ? (
          <Suspense fallback={<div className="panel">{t("loading")}</div>}><TournamentsPage /></Suspense>
        ) : route[0] === "tournament" && route[1] ? (
          <Suspense fallback={<div className="panel">{t("loading")}</div>}><TournamentPage key={route[1]} id={decodeURIComponent(route[1])} me={user} /></Suspense>
        ) : route[0] === "friends" ? (
          <Suspense fallback={<div className="panel">{t("loading")}</div>}><FriendsPage me={user} /></Suspense>
        ) : (
          <Lobby me={user} />
        )}
      </main>
    </div>
  );
}

const RULESET_NAMES = ["Robbers' Rummy", "Rummikub", "Vatikan", "Rummy"];

function AuthForm({ onUser }: { onUser: (u: { id: string; username: string }) => void }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState("");
  const submit = async (mode: "login" | "register") => {
    setMessage("");
    try {
      const r = mode === "login" ? (await gql(LOGIN, { username, password })).login : (await gql(REGISTER, { username, password })).register;
      if (r.__typename === "AuthPayload") {
        setToken(r.token);
        onUser(r.user);
      } else setMessage(serverText("rej", r.code, r.message));
    } catch (e) {
      setMessage(errorText(e));
    }
  };
  return (
    <form className="panel auth" onSubmit={(e) => { e.preventDefault(); submit("login"); }}>
      <h1>Rummy</h1>
      <p className="muted">{RULESET_NAMES.join(" · ")}</p>
      <p className="muted">{t("tagline")}</p>
      <label>{t("username")}<input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} /></label>
      <label>{t("password")}<input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} /></label>
      <div className="row">
        <button type="submit">{t("login")}</button>
        <button type="button" onClick={() => submit("register")}>{t("register")}</button>
      </div>
      <p role="status" className="status">{message}</p>
    </form>
  );
}
