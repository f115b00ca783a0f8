// English, Spanish and Dutch. Action button names stay English in every language: they
// are the test contract (and short); labels and messages are translated.
export type Lang = "en" | "es" | "nl";
const T: Record<string, Record<Lang, string>> = {
  username: { en: "Username", es: "Usuario", nl: "Gebruikersnaam" },
  password: { en: "Password", es: "Contraseña", nl: "Wachtwoord" },
  register: { en: "Register", es: "Registrarse", nl: "Registreren" },
  login: { en: "Log in", es: "Entrar", nl: "Inloggen" },
  logout: { en: "Log out", es: "Salir", nl: "Uitloggen" },
  lobby: { en: "Lobby", es: "Sala", nl: "Lobby" },
  openMatches: { en: "Open matches", es: "Partidas abiertas", nl: "Open partijen" },
  myMatches: { en: "My matches", es: "Mis partidas", nl: "Mijn partijen" },
  yourTurn: { en: "your turn", es: "tu turno", nl: "jouw beurt" },
  leaderboard: { en: "Leaderboard", es: "Clasificación", nl: "Ranglijst" },
  ranked: { en: "Ranked queue", es: "Cola clasificatoria", nl: "Rangschikkingswachtrij" },
  stock: { en: "Stock", es: "Mazo", nl: "Stapel" },
  discardPile: { en: "Discard pile", es: "Descartes", nl: "Aflegstapel" },
  hand: { en: "Your hand", es: "Tu mano", nl: "Jouw hand" },
  newMeld: { en: "Drop here for a new meld", es: "Suelta aquí para una combinación nueva", nl: "Sleep hier voor een nieuwe combinatie" },
  waiting: { en: "Waiting for players", es: "Esperando jugadores", nl: "Wachten op spelers" },
  invite: { en: "Invite link", es: "Enlace de invitación", nl: "Uitnodigingslink" },
  onTurn: { en: "on turn", es: "en turno", nl: "aan de beurt" },
  opened: { en: "opened", es: "abierto", nl: "uitgekomen" },
  cards: { en: "cards", es: "cartas", nl: "kaarten" },
  score: { en: "score", es: "puntos", nl: "score" },
  matchOver: { en: "Match over", es: "Partida terminada", nl: "Partij voorbij" },
  winner: { en: "Winner", es: "Ganador", nl: "Winnaar" },
  back: { en: "Back to the lobby", es: "Volver a la sala", nl: "Terug naar de lobby" },
  replay: { en: "Replay", es: "Repetición", nl: "Herhaling" },
};
let lang: Lang = ((): Lang => {
  const saved = localStorage.getItem("rummy.lang") as Lang | null;
  if (saved && ["en", "es", "nl"].includes(saved)) return saved;
  const b = navigator.language.slice(0, 2);
  return b === "es" || b === "nl" ? b : "en";
})();
export const getLang = () => lang;
export function setLang(l: Lang) {
  lang = l;
  localStorage.setItem("rummy.lang", l);
}
export const t = (k: string) => T[k]?.[lang] ?? k;
