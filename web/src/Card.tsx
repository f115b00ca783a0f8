import { useDraggable } from "@dnd-kit/core";
import { faceLetter, t } from "./i18n";
import { CARD_COLOUR, TILE_COLOUR, SUIT_SYMBOL, parseCard, rankLabel } from "./cards";

export function CardFace({ code, tiles, small }: { code: string; tiles: boolean; small?: boolean }) {
  const p = parseCard(code);
  const colour = p.suit ? (tiles ? TILE_COLOUR : CARD_COLOUR)[p.suit] : "#6a1b9a";
  const name = p.joker ? (p.represents ? t("jokerAs", { card: p.represents }) : t("joker")) : code;
  return (
    <span className={`face${tiles ? " tile" : ""}${small ? " small" : ""}${p.joker ? " joker" : ""}`} style={{ color: colour }} aria-label={name}>
      {p.joker && <span className="jk">★</span>}
      {p.rank !== null ? <span className="rank">{faceLetter(rankLabel(p.rank, tiles))}</span> : <span className="jname">{t("joker")}</span>}
      {!tiles && p.suit && <span className="suit">{SUIT_SYMBOL[p.suit]}</span>}
      {tiles && p.suit && <span className="dot" style={{ background: colour }} />}
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
  onTap: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: props.id, disabled: props.disabled });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 50 } : undefined;
  return (
    <button
      ref={setNodeRef}
      type="button"
      data-card={props.code}
      aria-label={props.code.startsWith("*") ? (props.code.length > 2 ? t("jokerAs", { card: props.code.slice(2) }) : t("joker")) : props.code}
      className={`card${props.selected ? " selected" : ""}${isDragging ? " dragging" : ""}${props.changed ? " changed" : ""}`}
      style={style}
      onClick={(e) => {
        e.stopPropagation();
        props.onTap();
      }}
      {...listeners}
      {...attributes}
    >
      <CardFace code={props.code} tiles={props.tiles} />
    </button>
  );
}
