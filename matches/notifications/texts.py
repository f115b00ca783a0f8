"""What a notice says, in English, Spanish and Dutch (the web client's languages).

Pure: a kind, the facts of the notice (:class:`Facts`) and a language in, a title and a
body out. The game's words follow the web client's translations (``web/src/i18n.ts``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from matches.notifications.kinds import (
    INVITED,
    LAST_CHANCE,
    MATCH_ENDED,
    MATCH_STARTED,
    SEAT_TAKEN_OVER,
    TEST,
    TOURNAMENT_CANCELLED,
    TOURNAMENT_ENDED,
    TURN_REMINDER,
    YOUR_TURN,
)

LANGUAGES = ("en", "es", "nl")

RULESET_TITLES = {
    "robbers": "Robbers' Rummy",
    "vatikan": "Vatikan",
    "rummikub": "Rummikub",
    "rummy": "Rummy",
}


@dataclass(frozen=True, slots=True)
class Facts:
    """What a notice is about, as its texts need it."""

    ruleset: str = ""
    opponents: tuple[str, ...] = ()
    time_left: timedelta | None = None
    waiting: int = 1  # matches where it is the user's turn (YOUR_TURN stacks them)
    won: bool = False
    winners: tuple[str, ...] = ()
    reason: str = ""  # SEAT_TAKEN_OVER: TIMEOUTS, DISCONNECTED, RESIGNED
    inviter: str = ""
    extra: dict[str, str] = field(default_factory=dict)


def language_of(*choices: str) -> str:
    """The first of ``choices`` (a setting, a device's locale such as ``es-AR``) that is
    one of ours; English otherwise."""
    for choice in choices:
        base = (choice or "").replace("_", "-").split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return "en"


_WORDS: dict[str, dict[str, str]] = {
    "and": {"en": "and", "es": "y", "nl": "en"},
    "bot": {"en": "a bot", "es": "un bot", "nl": "een bot"},
    "against": {"en": "against", "es": "contra", "nl": "tegen"},
    "hours": {"en": "{n} h left", "es": "quedan {n} h", "nl": "nog {n} u"},
    "minutes": {"en": "{n} min left", "es": "quedan {n} min", "nl": "nog {n} min"},
}

# kind -> language -> (title, body); {placeholders} are filled by render().
_TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    YOUR_TURN: {
        "en": ("Your turn", "{game}{left}"),
        "es": ("Te toca", "{game}{left}"),
        "nl": ("Jij bent aan de beurt", "{game}{left}"),
    },
    YOUR_TURN + ":many": {
        "en": ("Your turn in {waiting} matches", "Latest: {game}{left}"),
        "es": ("Te toca en {waiting} partidas", "La última: {game}{left}"),
        "nl": ("Jij bent aan de beurt in {waiting} partijen", "Laatste: {game}{left}"),
    },
    TURN_REMINDER: {
        "en": ("Your time is running out", "{game}{left}"),
        "es": ("Se te acaba el tiempo", "{game}{left}"),
        "nl": ("Je tijd raakt op", "{game}{left}"),
    },
    LAST_CHANCE: {
        "en": ("Last chance: move now", "{game}{left}. Then a bot takes your seat."),
        "es": ("Última oportunidad: juega ya", "{game}{left}. Después un bot ocupa tu puesto."),
        "nl": ("Laatste kans: zet nu", "{game}{left}. Daarna neemt een bot je plaats in."),
    },
    MATCH_STARTED: {
        "en": ("Your match has started", "{game}"),
        "es": ("Tu partida ha empezado", "{game}"),
        "nl": ("Je partij is begonnen", "{game}"),
    },
    MATCH_ENDED + ":won": {
        "en": ("You won!", "{game}"),
        "es": ("¡Has ganado!", "{game}"),
        "nl": ("Je hebt gewonnen!", "{game}"),
    },
    MATCH_ENDED: {
        "en": ("Match over", "{game}: {winners} won."),
        "es": ("Partida terminada", "{game}: ha ganado {winners}."),
        "nl": ("Partij afgelopen", "{game}: {winners} heeft gewonnen."),
    },
    SEAT_TAKEN_OVER: {
        "en": ("A bot plays your seat", "{game}: {why}. Reclaim it at the start of a turn."),
        "es": ("Un bot juega por ti", "{game}: {why}. Recupéralo al empezar un turno."),
        "nl": ("Een bot speelt voor jou", "{game}: {why}. Neem je plaats terug bij een beurt."),
    },
    # A challenge (issue 30): one to accept or decline.
    INVITED: {
        "en": ("{inviter} invites you to play", "{ruleset}: accept or decline."),
        "es": ("{inviter} te invita a jugar", "{ruleset}: acepta o rechaza."),
        "nl": ("{inviter} nodigt je uit om te spelen", "{ruleset}: neem aan of sla af."),
    },
    TOURNAMENT_ENDED: {
        "en": ("{tournament} is over", "You finished in place {place} of {players}."),
        "es": ("{tournament} ha terminado", "Acabaste en el puesto {place} de {players}."),
        "nl": ("{tournament} is afgelopen", "Je eindigde op plaats {place} van {players}."),
    },
    TOURNAMENT_CANCELLED: {
        "en": ("{tournament} is cancelled", "It will not be played."),
        "es": ("{tournament} se ha cancelado", "No se jugará."),
        "nl": ("{tournament} is afgelast", "Het wordt niet gespeeld."),
    },
    TEST: {
        "en": ("Test notification", "Notifications reach this device."),
        "es": ("Notificación de prueba", "Las notificaciones llegan a este dispositivo."),
        "nl": ("Testmelding", "Meldingen bereiken dit apparaat."),
    },
}

_WHY = {
    "TIMEOUTS": {
        "en": "your turns ran out",
        "es": "se agotaron tus turnos",
        "nl": "je beurten liepen af",
    },
    "DISCONNECTED": {"en": "you were away", "es": "estabas ausente", "nl": "je was weg"},
    "RESIGNED": {"en": "you resigned", "es": "abandonaste", "nl": "je gaf op"},
}


def names(items: tuple[str, ...], lang: str) -> str:
    """``alice``, ``alice and bob``, ``alice, bob and a bot`` in ``lang``."""
    shown = [n or _WORDS["bot"][lang] for n in items]
    if len(shown) <= 1:
        return "".join(shown)
    return f"{', '.join(shown[:-1])} {_WORDS['and'][lang]} {shown[-1]}"


def time_left(left: timedelta | None, lang: str) -> str:
    if left is None:
        return ""
    seconds = max(0, int(left.total_seconds()))
    if seconds >= 2 * 3600:
        return _WORDS["hours"][lang].format(n=seconds // 3600)
    return _WORDS["minutes"][lang].format(n=max(1, seconds // 60))


def render(kind: str, facts: Facts, lang: str) -> tuple[str, str]:
    """The title and body of a notice of ``kind`` in ``lang`` (en, es or nl).

    Raises KeyError for a kind that has no texts."""
    lang = lang if lang in LANGUAGES else "en"
    key = kind
    if kind == YOUR_TURN and facts.waiting > 1:
        key = YOUR_TURN + ":many"
    elif kind == MATCH_ENDED and facts.won:
        key = MATCH_ENDED + ":won"
    title, body = _TEXTS[key][lang]
    ruleset = RULESET_TITLES.get(facts.ruleset, facts.ruleset)
    game = ruleset
    if facts.opponents:
        game = f"{ruleset} {_WORDS['against'][lang]} {names(facts.opponents, lang)}"
    left = time_left(facts.time_left, lang)
    values = {
        # A tournament's name and the player's place (TOURNAMENT_*): from the notice.
        "tournament": "",
        "place": "",
        "players": "",
        **facts.extra,
        "game": game,
        "ruleset": ruleset,
        "left": f" · {left}" if left else "",
        "waiting": str(facts.waiting),
        "winners": names(facts.winners, lang),
        "why": _WHY.get(facts.reason, _WHY["TIMEOUTS"])[lang],
        "inviter": facts.inviter,
    }
    return title.format(**values), body.format(**values)
