import { useDraggable } from "@dnd-kit/core";
import { faceLetter, t } from "./i18n";
import { CARD_COLOUR, TILE_COLOUR, TILE_SHAPE, SUIT_SYMBOL, parseCard, rankLabel } from "./cards";
import { cardAria } from "./names";

/**
 * A card's face. Standalone (piles, the log) it is an image named for screen readers
 * ("7 of spades", "red 11"); inside a card button (`decorative`) the button is named by
 * its hidden text instead (an aria-label would not contain the face's visible "Q♣").
 */
export function CardFace({ code, tiles, small, decorative }: { code: string; tiles: boolean; small?: boolean; decorative?: boolean }) {
  const p = parseCard(code);
  const colour = p.suit ? (tiles ? TILE_COLOUR : CARD_COLOUR)[p.suit] : "#6a1b9a";
  const a11y = decorative ? { "aria-hidden": true } : { role: "img", "aria-label": cardAria(code, tiles) };
  return (
    <span className={`face${tiles ? " tile" : ""}${small ? " small" : ""}${p.joker ? " joker" : ""}`} style={{ color: colour }} {...a11y}>
      {p.joker && <span className="jk">★</span>}
      {p.rank !== null ? <span className="rank">{faceLetter(rankLabel(p.rank, tiles))}</span> : <span className="jname">{t("joker")}</span>}
      {!tiles && p.suit && <span className="suit">{SUIT_SYMBOL[p.suit]}</span>}
      {tiles && p.suit && <span className="shape" data-shape={p.suit}>{TILE_SHAPE[p.suit]}</span>}
    </span>
  );
}

export function DraggableCard(props: {
  id: string;
  code: string;
  tiles: boolean;
  disabled: boolean;
  selected: boolean;
  changed?: boolean;
  onTap: (e: React.MouseEvent) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: props.id, disabled: props.disabled });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 50 } : undefined;
  return (
    <button
      ref={setNodeRef}
      type="button"
      data-card={props.code}
      {...(props.changed ? { "data-changed": "" } : {})}
      className={`card${props.selected ? " selected" : ""}${isDragging ? " dragging" : ""}${props.changed ? " changed" : ""}`}
      style={style}
      onClick={(e) => {
        e.stopPropagation();
        props.onTap(e);
      }}
      {...listeners}
      {...attributes}
      aria-pressed={props.selected}
    >
      <CardFace code={props.code} tiles={props.tiles} decorative />
      <span className="sr">{cardAria(props.code, props.tiles)}</span>
    </button>
  );
}
