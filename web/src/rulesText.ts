// "How to play" for each preset, in English, Spanish and Dutch: written from the rule
// specification (RULES.md, rule ids in the comments) and its source texts (seeds 000-004),
// for the preset's defaults. Loaded with the rules page only (a chunk of its own).
import type { Lang } from "./i18n";

export interface RulesDoc {
  title: string;
  intro: string;
  sections: { h: string; p: string[] }[];
}
export type RulesName = "robbers" | "rummikub" | "rummy";

const HERE: Record<Lang, { h: string; p: string[] }> = {
  en: {
    h: "Playing here",
    p: [
      "Drag a card from your hand onto a meld or onto the new-meld zone, or tap a card and then tap where it goes; a tap on the left or right half of a table card puts yours before or after it. In a run a card goes where its rank belongs. ✂ splits a meld.",
      "The others watch every change live. An invalid meld says why, and Commit stays off until the whole table is valid. Undo takes back one step, Reset the whole turn; Hint suggests a play (not in ranked matches).",
      "By keyboard: Tab to a card and press Enter to select it, then Enter on a meld's + button or on the new-meld zone; every other action is a button.",
      "Cards the others placed since your last turn are outlined in blue until you act; the move log and each seat tell what was played.",
    ],
  },
  es: {
    h: "Jugar aquí",
    p: [
      "Arrastra una carta de tu mano a una combinación o a la zona de combinación nueva, o toca una carta y luego dónde va; tocar la mitad izquierda o derecha de una carta de la mesa pone la tuya delante o detrás. En una escalera, cada carta va a su sitio. ✂ divide una combinación.",
      "Los demás ven cada cambio en vivo. Una combinación no válida dice por qué, y «Confirmar» no se activa hasta que toda la mesa es válida. «Deshacer» quita un paso, «Deshacer todo» el turno entero; «Pista» sugiere una jugada (no en partidas clasificatorias).",
      "Con el teclado: Tab hasta una carta e Intro para elegirla, luego Intro en el botón + de una combinación o en la zona de combinación nueva; el resto son botones.",
      "Las cartas que los demás colocaron desde tu último turno llevan un borde azul hasta que juegas; el registro de jugadas y cada puesto cuentan qué se jugó.",
    ],
  },
  nl: {
    h: "Hier spelen",
    p: [
      "Sleep een kaart uit je hand naar een combinatie of naar het vak voor een nieuwe combinatie, of tik op een kaart en dan op de plek waar hij heen moet; een tik op de linker- of rechterhelft van een kaart op tafel legt de jouwe ervoor of erachter. In een reeks komt een kaart op zijn plaats. ✂ splitst een combinatie.",
      "De anderen zien elke wijziging live. Een ongeldige combinatie zegt waarom, en Bevestigen blijft uit tot de hele tafel geldig is. Ongedaan maken neemt één stap terug, Alles terug de hele beurt; Tip stelt een zet voor (niet in rangwedstrijden).",
      "Met het toetsenbord: Tab naar een kaart en Enter om hem te kiezen, dan Enter op de +-knop van een combinatie of op het vak voor een nieuwe combinatie; al het andere zijn knoppen.",
      "Kaarten die de anderen sinds je vorige beurt neerlegden, hebben een blauwe rand tot je speelt; het zettenlogboek en elke plaats vertellen wat er gespeeld is.",
    ],
  },
};

const ROBBERS: Record<Lang, RulesDoc> = {
  en: {
    title: "Robbers' Rummy",
    intro: "Rummy of open manipulation: every meld on the table belongs to everyone. On your turn you may split, join or extend the table's melds to get cards out of your hand, as long as every meld is valid when your turn ends. Also known as Vatikan.",
    sections: [
      { h: "The cards", p: ["Two packs of 52 cards and 4 jokers. With 2 or 3 players everyone gets 13 cards, with 4 or 5 players 11. The rest is the face-down stock. There is no discard pile (an option adds one)."] }, // RR-DECK, RR-DEAL
      { h: "Goal", p: ["Be the first to empty your hand. The others score penalty points for the cards left in their hands; after 5 rounds the lowest total wins."] },
      { h: "Melds", p: [ // R-GROUP, R-RUN, R-JOKER
        "A group: 3 or 4 cards of one rank, every suit different (7♠ 7♥ 7♦). With two packs a suit may not appear twice.",
        "A run: 3 or more cards of one suit in order (5♥ 6♥ 7♥ 8♥). The ace is low only: A-2-3 is a run, Q-K-A and K-A-2 are not.",
        "A joker stands for any one card; a meld needs at least one card that is not a joker.",
      ] },
      { h: "Your turn", p: ["Either play — lay new melds and/or, once you have opened, rearrange the table, using at least one card from your hand — or draw one card from the stock, which ends your turn."] }, // RR-TURN
      { h: "Opening", p: [ // RR-OPEN, RR-VALUES
        "Your first play must be worth at least 40 points and made only of new melds from your hand: no table card may be used, no table meld touched, and you cannot open and rearrange in the same turn.",
        "Card values: joker 30 (in hand; in an opening meld it counts as the card it stands for), ace 15, K Q J 10, 2 to 10 their number.",
      ] },
      { h: "Rearranging the table", p: [ // RR-MANIP, RR-EXAMPLE
        "Once opened you may split, join, extend or rebuild any melds, provided every meld is valid at the end of your turn and every card that was on the table is still on it.",
        "Example: with 4♠ 5♠ 6♠ 7♠ on the table and 4♥ 4♦ in your hand, take the 4♠ for the group 4♠ 4♥ 4♦; 5♠ 6♠ 7♠ is still a run.",
      ] },
      { h: "Jokers", p: ["Once opened, if you hold the natural card that a table joker stands for, you may swap it in and take the joker into your hand, to use anywhere, this turn too."] }, // RR-JOKER
      { h: "A failed turn and the clock", p: ["A turn that cannot be completed validly is undone: the table goes back to how it was and you draw 1 card. With a turn timer, time running out does the same; a table that is entirely valid at the deadline is committed instead."] }, // RR-FAIL, RR-TIMER, T-EXPIRY
      { h: "Empty stock, end of a round", p: [ // RR-STOCK-OUT, RR-OUT, RR-SCORE
        "When the stock is empty, a player who cannot or will not play passes. The round ends when a player goes out (empties their hand), or when a whole round of turns passes with nobody playing: then the fewest cards in hand wins the round.",
        "The player who goes out scores 0; everyone else adds the value of the cards left in hand to their penalty total.",
      ] },
      { h: "Winning the match", p: ["After 5 rounds the lowest total wins (other formats: the first to go out 3 times, or up to a target score). A tie goes to the most rounds won by going out, then to one extra round."] }, // RR-MATCH
    ],
  },
  es: {
    title: "Robbers' Rummy",
    intro: "El rummy de manipulación abierta: cada combinación sobre la mesa es de todos. En tu turno puedes dividir, juntar o ampliar las combinaciones de la mesa para bajar cartas de tu mano, siempre que todas sean válidas al terminar el turno. También se conoce como Vatikan.",
    sections: [
      { h: "Las cartas", p: ["Dos mazos de 52 cartas y 4 comodines. Con 2 o 3 jugadores se reparten 13 cartas a cada uno; con 4 o 5, 11. El resto forma el mazo, boca abajo. No hay montón de descartes (una opción lo añade)."] },
      { h: "Objetivo", p: ["Ser el primero en quedarse sin cartas. Los demás suman puntos de penalización por las cartas que les quedan; tras 5 rondas gana el total más bajo."] },
      { h: "Combinaciones", p: [
        "Grupo: 3 o 4 cartas del mismo valor, todas de palos distintos (7♠ 7♥ 7♦). Con dos mazos no se puede repetir palo.",
        "Escalera: 3 o más cartas del mismo palo en orden (5♥ 6♥ 7♥ 8♥). El as solo es bajo: A-2-3 es escalera; Q-K-A y K-A-2 no.",
        "Un comodín sustituye a cualquier carta; cada combinación necesita al menos una carta que no sea comodín.",
      ] },
      { h: "Tu turno", p: ["O juegas —bajas combinaciones nuevas y/o, una vez abierto, reorganizas la mesa, usando al menos una carta de tu mano— o robas una carta del mazo, y tu turno termina."] },
      { h: "La apertura", p: [
        "Tu primera jugada debe sumar al menos 40 puntos, solo con combinaciones nuevas de tu mano: no puedes usar cartas de la mesa ni tocar sus combinaciones, ni abrir y reorganizar en el mismo turno.",
        "Valores: comodín 30 (en la mano; en una combinación de apertura vale la carta que representa), as 15, K Q J 10, del 2 al 10 su número.",
      ] },
      { h: "Reorganizar la mesa", p: [
        "Después de abrir puedes dividir, juntar, ampliar o rehacer cualquier combinación, siempre que al final del turno todas sean válidas y sigan en la mesa todas las cartas que había.",
        "Ejemplo: con 4♠ 5♠ 6♠ 7♠ en la mesa y 4♥ 4♦ en la mano, toma el 4♠ para el grupo 4♠ 4♥ 4♦; 5♠ 6♠ 7♠ sigue siendo escalera.",
      ] },
      { h: "Comodines", p: ["Una vez abierto, si tienes la carta que representa un comodín de la mesa, puedes ponerla en su lugar y llevarte el comodín a la mano para usarlo donde quieras, también en ese mismo turno."] },
      { h: "Turno fallido y reloj", p: ["Un turno que no se puede completar de forma válida se deshace: la mesa vuelve a como estaba y robas 1 carta. Con tiempo por turno, si se acaba el tiempo pasa lo mismo; si lo que hay en la mesa es del todo válido en ese momento, se confirma."] },
      { h: "Mazo vacío y fin de ronda", p: [
        "Con el mazo vacío, quien no puede o no quiere jugar pasa. La ronda termina cuando alguien se queda sin cartas, o cuando pasa una vuelta entera sin que nadie juegue: entonces gana la ronda quien tenga menos cartas.",
        "Quien se queda sin cartas suma 0; los demás suman a su total el valor de las cartas que les quedan.",
      ] },
      { h: "Ganar la partida", p: ["Tras 5 rondas gana el total más bajo (otros formatos: el primero en quedarse sin cartas 3 veces, o hasta una puntuación objetivo). En caso de empate gana quien más rondas ganó quedándose sin cartas; si sigue el empate, se juega una ronda más."] },
    ],
  },
  nl: {
    title: "Robbers' Rummy",
    intro: "Rummy met open manipulatie: elke combinatie op tafel is van iedereen. Op je beurt mag je combinaties op tafel splitsen, samenvoegen of uitbreiden om kaarten uit je hand kwijt te raken, zolang aan het einde van je beurt elke combinatie geldig is. Ook bekend als Vatikan.",
    sections: [
      { h: "De kaarten", p: ["Twee spellen van 52 kaarten en 4 jokers. Met 2 of 3 spelers krijgt ieder 13 kaarten, met 4 of 5 spelers 11. De rest is de gedekte trekstapel. Er is geen aflegstapel (een optie voegt er een toe)."] },
      { h: "Doel", p: ["Als eerste je hand leegspelen. De anderen krijgen strafpunten voor de kaarten die ze nog hebben; na 5 rondes wint het laagste totaal."] },
      { h: "Combinaties", p: [
        "Groep: 3 of 4 kaarten van dezelfde waarde, elk van een andere kleur (7♠ 7♥ 7♦). Met twee spellen mag een kleur niet twee keer voorkomen.",
        "Reeks: 3 of meer opeenvolgende kaarten van dezelfde kleur (5♥ 6♥ 7♥ 8♥). De aas is alleen laag: A-2-3 is een reeks, V-H-A en H-A-2 niet.",
        "Een joker vervangt elke kaart; een combinatie heeft minstens één kaart nodig die geen joker is.",
      ] },
      { h: "Je beurt", p: ["Óf je speelt — nieuwe combinaties neerleggen en/of, als je geopend hebt, de tafel herschikken, met minstens één kaart uit je hand — óf je trekt één kaart van de trekstapel, en je beurt is voorbij."] },
      { h: "Openen", p: [
        "Je eerste zet moet minstens 40 punten waard zijn, alleen met nieuwe combinaties uit je hand: geen kaart van tafel gebruiken, geen combinatie op tafel aanraken, en niet openen en herschikken in dezelfde beurt.",
        "Waarden: joker 30 (in de hand; in een openingscombinatie telt hij als de kaart die hij vervangt), aas 15, H V B 10, 2 tot 10 hun getal.",
      ] },
      { h: "De tafel herschikken", p: [
        "Na het openen mag je elke combinatie splitsen, samenvoegen, uitbreiden of opnieuw bouwen, als aan het einde van je beurt elke combinatie geldig is en elke kaart die op tafel lag er nog ligt.",
        "Voorbeeld: met 4♠ 5♠ 6♠ 7♠ op tafel en 4♥ 4♦ in je hand neem je de 4♠ voor de groep 4♠ 4♥ 4♦; 5♠ 6♠ 7♠ blijft een reeks.",
      ] },
      { h: "Jokers", p: ["Als je geopend hebt en de echte kaart hebt die een joker op tafel vervangt, mag je die op zijn plaats leggen en de joker in je hand nemen, om overal te gebruiken, ook in dezelfde beurt."] },
      { h: "Mislukte beurt en klok", p: ["Een beurt die niet geldig af te maken is, wordt teruggedraaid: de tafel wordt weer zoals hij was en je trekt 1 kaart. Met een tijd per beurt gebeurt hetzelfde als de tijd om is; een tafel die dan helemaal geldig is, wordt bevestigd."] },
      { h: "Lege trekstapel, einde van de ronde", p: [
        "Is de trekstapel leeg, dan past wie niet kan of wil spelen. De ronde eindigt als iemand uitgaat (zijn hand leeg heeft), of als een hele ronde beurten voorbijgaat zonder dat iemand speelt: dan wint wie de minste kaarten heeft.",
        "Wie uitgaat krijgt 0; ieder ander telt de waarde van zijn overgebleven kaarten bij zijn strafpunten op.",
      ] },
      { h: "De wedstrijd winnen", p: ["Na 5 rondes wint het laagste totaal (andere vormen: wie als eerste 3 keer uitgaat, of tot een doelscore). Bij gelijkspel wint wie de meeste rondes won door uit te gaan; daarna volgt nog één extra ronde."] },
    ],
  },
};

const RUMMIKUB: Record<Lang, RulesDoc> = {
  en: {
    title: "Rummikub",
    intro: "The tile game of open manipulation: 106 tiles, the numbers 1 to 13 in four colours (black, red, orange, blue), two of each, and 2 jokers. Here every colour also has a shape: black ■, red ●, orange ▲, blue ◆.",
    sections: [
      { h: "Setup", p: ["2 to 4 players, 14 tiles each (the short deal: 10 for two players, 7 for more). The rest is the pool. Each player draws a tile: the highest number starts."] }, // RK-TILES, RK-DEAL, R-ORDER
      { h: "Goal", p: ["Be the first to play every tile from your rack: \"Rummikub!\""] },
      { h: "Sets", p: [
        "A group: 3 or 4 tiles of the same number, every colour different (red 8, blue 8, black 8).",
        "A run: 3 or more consecutive numbers of one colour (orange 4, 5, 6). 1 is low: 1-2-3 is a run, and nothing follows 13.",
        "A joker stands for any tile; a set needs at least one tile that is not a joker.",
      ] },
      { h: "Your turn", p: ["Play at least one tile from your rack onto the table, or draw one tile from the pool, which ends your turn. A drawn tile is not played before a later turn."] }, // RK-TURN
      { h: "Initial meld", p: ["Your first play must be worth at least 30 points (the numbers; a joker counts as the tile it stands for), only with tiles from your rack. You may rearrange the table from your next turn."] }, // RK-OPEN
      { h: "Manipulating the table", p: ["After the initial meld you may split, join and extend sets, as long as every set on the table is valid at the end of your turn. Tiles taken from the table stay on the table: they never go back to your rack."] }, // RK-MANIP
      { h: "Jokers", p: ["Take a joker by replacing it with the tile it stands for (from your rack or from the table); in a group of 3, with either missing colour. The joker must be played again in the same turn, and not before your initial meld."] }, // RK-JOKER
      { h: "Time and failed turns", p: ["A turn that cannot be completed validly is undone and you draw 1 tile. If time runs out, the whole rearrangement is undone and you draw 3 tiles as a penalty; a table that is entirely valid when time is up is committed with no penalty."] }, // RK-TIMER, RK-FAIL
      { h: "End and scoring", p: [ // RK-END
        "The first to empty the rack wins and scores plus the sum of the others' racks; each of the others scores minus the sum of their own (a joker left on the rack counts 30).",
        "When the pool is empty, play on without drawing; when nobody can play, the lowest rack total wins.",
      ] },
    ],
  },
  es: {
    title: "Rummikub",
    intro: "El juego de fichas de manipulación abierta: 106 fichas, los números del 1 al 13 en cuatro colores (negro, rojo, naranja, azul), dos de cada, y 2 comodines. Aquí cada color tiene además una forma: negro ■, rojo ●, naranja ▲, azul ◆.",
    sections: [
      { h: "Preparación", p: ["De 2 a 4 jugadores, 14 fichas cada uno (reparto corto: 10 con dos jugadores, 7 con más). Las demás forman la reserva. Cada jugador saca una ficha: empieza quien saque el número más alto."] },
      { h: "Objetivo", p: ["Ser el primero en colocar todas las fichas de tu atril: «¡Rummikub!»"] },
      { h: "Combinaciones", p: [
        "Grupo: 3 o 4 fichas del mismo número, de colores distintos (8 rojo, 8 azul y 8 negro).",
        "Escalera: tres o más números consecutivos del mismo color (4, 5 y 6 naranjas). El 1 es bajo: 1-2-3 es escalera, y después del 13 no sigue nada.",
        "Un comodín sustituye a cualquier ficha; cada combinación necesita al menos una ficha que no sea comodín.",
      ] },
      { h: "Tu turno", p: ["Coloca al menos una ficha de tu atril en la mesa, o roba una ficha de la reserva, y tu turno termina. Una ficha robada no se juega hasta un turno posterior."] },
      { h: "Jugada inicial", p: ["Tu primera jugada debe sumar al menos 30 puntos (el número de cada ficha; un comodín vale la ficha que representa), solo con fichas de tu atril. Desde tu siguiente turno puedes reorganizar la mesa."] },
      { h: "Manipular la mesa", p: ["Tras la jugada inicial puedes dividir, juntar y ampliar combinaciones, siempre que al final del turno todas las de la mesa sean válidas. Las fichas que tomas de la mesa se quedan en la mesa: nunca vuelven a tu atril."] },
      { h: "Comodines", p: ["Para quedarte con un comodín, ponle en su lugar la ficha que representa (de tu atril o de la mesa); en un grupo de 3, cualquiera de los colores que faltan. Tienes que volver a jugar el comodín en el mismo turno, y no antes de tu jugada inicial."] },
      { h: "Tiempo y turnos fallidos", p: ["Un turno que no se puede completar de forma válida se deshace y robas 1 ficha. Si se acaba el tiempo, se deshace todo lo movido y robas 3 fichas de penalización; si la mesa es del todo válida al acabar el tiempo, se confirma sin penalización."] },
      { h: "Fin y puntuación", p: [
        "Quien vacía primero su atril gana y suma la suma de los atriles de los demás; cada uno de los demás resta la suma del suyo (un comodín que queda en el atril vale 30).",
        "Con la reserva vacía se sigue jugando sin robar; cuando nadie puede jugar, gana el atril de menor total.",
      ] },
    ],
  },
  nl: {
    title: "Rummikub",
    intro: "Het tegelspel met open manipulatie: 106 tegels, de getallen 1 tot 13 in vier kleuren (zwart, rood, oranje, blauw), twee van elk, en 2 jokers. Hier heeft elke kleur ook een vorm: zwart ■, rood ●, oranje ▲, blauw ◆.",
    sections: [
      { h: "Voorbereiding", p: ["2 tot 4 spelers, ieder 14 tegels (korte deling: 10 met twee spelers, 7 met meer). De rest is de pot. Ieder trekt een tegel: het hoogste getal begint."] },
      { h: "Doel", p: ["Als eerste alle tegels van je rekje spelen: \"Rummikub!\""] },
      { h: "Combinaties", p: [
        "Groep: 3 of 4 tegels met hetzelfde getal, elk van een andere kleur (rode 8, blauwe 8, zwarte 8).",
        "Reeks: 3 of meer opeenvolgende getallen van één kleur (oranje 4, 5, 6). De 1 is laag: 1-2-3 is een reeks, en na de 13 komt niets.",
        "Een joker vervangt elke tegel; een combinatie heeft minstens één tegel nodig die geen joker is.",
      ] },
      { h: "Je beurt", p: ["Leg minstens één tegel van je rekje op tafel, of trek een tegel uit de pot; dan is je beurt voorbij. Een getrokken tegel speel je pas in een latere beurt."] },
      { h: "Eerste zet", p: ["Je eerste zet moet minstens 30 punten waard zijn (de getallen; een joker telt als de tegel die hij vervangt), alleen met tegels van je rekje. Vanaf je volgende beurt mag je de tafel herschikken."] },
      { h: "De tafel manipuleren", p: ["Na je eerste zet mag je combinaties splitsen, samenvoegen en uitbreiden, zolang aan het einde van je beurt elke combinatie op tafel geldig is. Tegels van tafel blijven op tafel: ze gaan nooit terug naar je rekje."] },
      { h: "Jokers", p: ["Een joker neem je door hem te vervangen door de tegel die hij voorstelt (van je rekje of van tafel); in een groep van 3 door een van de ontbrekende kleuren. De joker moet in dezelfde beurt weer gespeeld worden, en niet voor je eerste zet."] },
      { h: "Tijd en mislukte beurten", p: ["Een beurt die niet geldig af te maken is, wordt teruggedraaid en je trekt 1 tegel. Is de tijd om, dan wordt de hele herschikking teruggedraaid en trek je 3 tegels als straf; een tafel die bij het einde van de tijd helemaal geldig is, wordt zonder straf bevestigd."] },
      { h: "Einde en punten", p: [
        "Wie als eerste zijn rekje leeg heeft, wint en krijgt plus de som van de rekjes van de anderen; ieder ander krijgt min de som van zijn eigen rekje (een joker op het rekje telt 30).",
        "Is de pot leeg, dan speel je door zonder te trekken; kan niemand meer spelen, dan wint het laagste rekje.",
      ] },
    ],
  },
};

const RUMMY: Record<Lang, RulesDoc> = {
  en: {
    title: "Rummy",
    intro: "Classic rummy for 2 to 4 players with one pack of 52 cards and no jokers: draw, meld, lay off, discard.",
    sections: [
      { h: "The deal", p: ["With 2 players everyone gets 10 cards, with 3 or 4 players 7. One card face up starts the discard pile; the rest is the stock. The match's creator starts the first hand; then the deal passes on."] }, // CR-DEAL, R-ORDER
      { h: "Goal", p: ["Be the first to get rid of all your cards. The winner of a hand scores the cards left in the other hands; the first to 100 points wins the match."] },
      { h: "Melds", p: ["A group is 3 or 4 cards of one rank; a run is 3 or more cards of one suit in order. The ace counts 1 only: A-2-3 is a run, Q-K-A and K-A-2 are not."] },
      { h: "Your turn", p: ["Three steps: draw the top card of the stock or of the discard pile; then, if you can, meld new melds from your hand and/or lay off single cards onto any meld on the table; then discard one card. Until you discard you can undo step by step."] }, // CR-TURN
      { h: "Laying off", p: ["Select a card in your hand: every meld it fits on is outlined. A group grows to 4 cards at most; a run grows at both ends (the ace only below the 2, nothing above the K)."] }, // CR-LAYOFF, CR-HINTS
      { h: "The discard pile", p: ["The card you took from the discard pile may not be discarded in the same turn, and you may not meld so that only that card is left."] }, // CR-DISCARD-RULE
      { h: "Going out", p: ["With an empty hand you have gone out; discarding your last card goes out too."] }, // CR-OUT
      { h: "Scoring", p: ["The winner of the hand scores the sum of the cards left in the other hands: ace 1, 2 to 10 their number, J Q K 10. \"Rummy\" — going out in a single turn with no earlier meld or lay-off in that hand — doubles it."] }, // CR-SCORE
      { h: "Empty stock", p: ["The first time the stock runs out, the discard pile except its top card is turned over as the new stock. The second time, or after 120 turns without anyone going out, the hand is drawn: nobody scores."] }, // CR-STOCK-OUT
    ],
  },
  es: {
    title: "Rummy",
    intro: "El rummy clásico para 2 a 4 jugadores, con un mazo de 52 cartas y sin comodines: robar, bajar, acoplar y tirar.",
    sections: [
      { h: "El reparto", p: ["En mesa de dos se dan 10 cartas a cada uno; con tres o cuatro jugadores, 7. Se pone una carta boca arriba para empezar el montón de descartes y el resto queda tapado como mazo. La primera mano la empieza quien creó la partida y después el turno de repartir va rotando."] },
      { h: "Objetivo", p: ["Ser el primero en quedarse sin cartas. Quien gana la mano se anota las cartas que quedan en las manos de los demás; gana la partida el primero que llega a 100 puntos."] },
      { h: "Combinaciones", p: ["Un grupo son 3 o 4 cartas del mismo valor, y una escalera son 3 cartas o más del mismo palo en orden seguido. El as vale solo 1: A-2-3 es escalera, y Q-K-A o K-A-2 no."] },
      { h: "Tu turno", p: ["Tres pasos: primero robas una carta del mazo o la de arriba del montón de descartes; después, si puedes, bajas combinaciones de tu mano y/o acoplas cartas sueltas a cualquier combinación de la mesa; por último tiras una carta. Hasta que tiras puedes deshacer lo bajado paso a paso."] },
      { h: "Acoplar", p: ["Elige una carta de tu mano y todas las combinaciones de la mesa donde encaja se marcan con un borde discontinuo. Un grupo llega como mucho a 4 cartas; una escalera se alarga por los dos extremos (el as solo debajo del 2, nada encima del K)."] },
      { h: "El montón de descartes", p: ["La carta que cogiste del montón de descartes no se puede tirar en el mismo turno, y no puedes bajar de forma que solo te quede esa carta."] },
      { h: "Cerrar", p: ["Con la mano vacía has cerrado; tirar tu última carta también cierra."] },
      { h: "Puntuación", p: ["Quien gana la mano suma las cartas que les quedan a los demás: as 1, del 2 al 10 su número, J Q K 10. «Rummy» —cerrar en un solo turno sin haber bajado ni acoplado antes en esa mano— vale el doble."] },
      { h: "Mazo agotado", p: ["La primera vez que se acaba el mazo, el montón de descartes, salvo su carta de arriba, se da la vuelta como mazo nuevo. La segunda vez, o tras 120 turnos sin que nadie cierre, la mano queda en tablas: nadie puntúa."] },
    ],
  },
  nl: {
    title: "Rummy",
    intro: "Klassieke rummy voor 2 tot 4 spelers met één spel van 52 kaarten zonder jokers: trekken, uitleggen, aanleggen, afleggen.",
    sections: [
      { h: "Het delen", p: ["Met 2 spelers krijgt ieder 10 kaarten, met 3 of 4 spelers 7. Eén open kaart begint de aflegstapel; de rest is de trekstapel. Wie de wedstrijd maakte, begint de eerste hand; daarna schuift het delen door."] },
      { h: "Doel", p: ["Als eerste al je kaarten kwijtraken. De winnaar van een hand krijgt de kaarten die de anderen nog hebben; wie als eerste 100 punten heeft, wint de wedstrijd."] },
      { h: "Combinaties", p: ["Een groep is 3 of 4 kaarten van dezelfde waarde, een reeks 3 of meer opeenvolgende kaarten van dezelfde kleur. De aas telt alleen als 1: A-2-3 is een reeks, V-H-A en H-A-2 niet."] },
      { h: "Je beurt", p: ["Drie stappen: trek de bovenste kaart van de trekstapel of van de aflegstapel; leg dan, als dat kan, nieuwe combinaties uit je hand uit en/of leg losse kaarten aan bij een combinatie op tafel; leg ten slotte één kaart af. Tot je afgelegd hebt, kun je stap voor stap terugnemen."] },
      { h: "Aanleggen", p: ["Kies een kaart in je hand: elke combinatie waar hij bij past, krijgt een gestippelde rand. Een groep groeit tot hoogstens 4 kaarten; een reeks aan beide kanten (de aas alleen onder de 2, niets boven de H)."] },
      { h: "De aflegstapel", p: ["De kaart die je van de aflegstapel pakte, mag je niet in dezelfde beurt afleggen, en je mag niet zo uitleggen dat alleen die kaart overblijft."] },
      { h: "Uitgaan", p: ["Met een lege hand ben je uit; je laatste kaart afleggen telt ook."] },
      { h: "Punten", p: ["De winnaar van de hand krijgt de som van de kaarten die de anderen nog hebben: aas 1, 2 tot 10 hun getal, B V H 10. \"Rummy\" — in één beurt uitgaan zonder eerder in die hand uitgelegd of aangelegd te hebben — telt dubbel."] },
      { h: "Lege trekstapel", p: ["De eerste keer dat de trekstapel op is, wordt de aflegstapel op de bovenste kaart na omgedraaid als nieuwe trekstapel. De tweede keer, of na 120 beurten zonder dat iemand uitgaat, is de hand onbeslist: niemand scoort."] },
    ],
  },
};

const ALL: Record<RulesName, Record<Lang, RulesDoc>> = { robbers: ROBBERS, rummikub: RUMMIKUB, rummy: RUMMY };

// Rummikub is played with tiles: its "Playing here" names them so (the client's table
// shows the same hand, melds and zones for both).
const TILE_WORDS: Record<Lang, [RegExp, string][]> = {
  en: [[/\bCards\b/g, "Tiles"], [/\bcards\b/g, "tiles"], [/\bcard\b/g, "tile"]],
  es: [[/\bLas cartas\b/g, "Las fichas"], [/\bcartas\b/g, "fichas"], [/\bcarta\b/g, "ficha"]],
  nl: [[/\bKaarten\b/g, "Stenen"], [/\bkaarten\b/g, "stenen"], [/\bkaart\b/g, "steen"]],
};

function hereFor(name: RulesName, lang: Lang): { h: string; p: string[] } {
  const here = HERE[lang];
  if (name !== "rummikub") return here;
  const tiles = (s: string) => TILE_WORDS[lang].reduce((t, [from, to]) => t.replace(from, to), s);
  return { h: here.h, p: here.p.map(tiles) };
}

export function rulesDoc(name: RulesName, lang: Lang): RulesDoc {
  const doc = ALL[name][lang];
  return { ...doc, sections: [...doc.sections, hereFor(name, lang)] };
}
