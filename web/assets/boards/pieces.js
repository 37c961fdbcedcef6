// Drawing stacks of pieces: each piece a disc, stacked with a small
// vertical offset so the height and the colour order show at a glance, the
// height in a badge. The top piece shows its kind: the emblem and size the
// layout gives the kind (a crown, a diamond, chevrons), else its text; hidden
// pieces are shown from the back with whatever of their kind is public.

import { s } from "../ui/dom.js";

/** Whether a CSS hex colour is light (dark text reads on it). */
export function isLight(colour) {
  const hex = colour.replace("#", "");
  if (hex.length !== 6) return true;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55;
}

/** Vertical offset between stacked discs, for radius `r`. */
export function stackStep(r, height) {
  return height <= 1 ? 0 : Math.min(r * 0.32, (r * 1.4) / (height - 1));
}

/** The layout's looks of piece kinds, by kind (docs/protocol.md, "kinds"). */
export function kindLooks(layout) {
  return new Map((layout.kinds ?? []).map((look) => [look.kind, look]));
}

/** A piece's name ("Red Major") where the layout names its kind, else null. */
export function pieceName(piece, seats, looks) {
  const look = piece && !piece.hidden ? looks.get(piece.kind) : null;
  return look ? [seats[piece.owner]?.name, look.name].filter(Boolean).join(" ") : null;
}

/**
 * An SVG group drawing `pieces` (bottom first) centred on (x, y), `full` the
 * radius of a full-sized piece; `looks` from `kindLooks`.
 */
export function drawStack(pieces, x, y, full, seats, looks = new Map()) {
  const group = s("g", { class: "stack" });
  const step = stackStep(full, pieces.length);
  const base = y + ((pieces.length - 1) * step) / 2;
  pieces.forEach((piece, i) => {
    const cy = base - i * step;
    const colour = seats[piece.owner]?.colour ?? "#888";
    const light = isLight(colour);
    const look = piece.hidden ? null : looks.get(piece.kind);
    const r = full * (look?.size ?? 1);
    const disc = s("g", { class: `piece seat-${piece.owner}${piece.hidden ? " hidden" : ""}` });
    if (piece.kind && !piece.hidden) disc.setAttribute("data-kind", piece.kind);
    disc.append(
      s("ellipse", { cx: x, cy: cy + r * 0.12, rx: r, ry: r * 0.92, fill: light ? "#b9b2a0" : "#111", opacity: 0.55 }),
      s("circle", { cx: x, cy, r, fill: colour, stroke: light ? "#6b6556" : "#000", "stroke-width": r * 0.09 }),
    );
    const top = i === pieces.length - 1;
    if (top && piece.hidden) {
      disc.append(s("circle", { cx: x, cy, r: r * 0.55, fill: "none", stroke: light ? "#6b6556" : "#aaa", "stroke-width": r * 0.12, "stroke-dasharray": `${r * 0.2} ${r * 0.15}` }));
      // A back: what the viewer may know of it (a public "D"), else "?".
      disc.append(label(x, cy, piece.kind ?? "?", r, light));
    } else if (top && look) {
      disc.append(emblem(look.emblem, x, cy, r, light));
    } else if (top && piece.kind) {
      disc.append(label(x, cy, piece.kind, r, light));
    } else {
      disc.append(s("circle", { cx: x, cy, r: r * 0.62, fill: "none", stroke: light ? "#d8d1bf" : "#444", "stroke-width": r * 0.07 }));
    }
    group.append(disc);
  });
  if (pieces.length > 1) {
    const bx = x + full * 0.85;
    const by = base - (pieces.length - 1) * step - full * 0.75;
    group.append(
      s("circle", { cx: bx, cy: by, r: full * 0.42, class: "height-badge" }),
      text(bx, by, String(pieces.length), full * 0.5, "height-text"),
    );
  }
  return group;
}

function text(x, y, value, size, cls) {
  const t = s("text", { x, y, "font-size": size, class: cls, "text-anchor": "middle", "dominant-baseline": "central" });
  t.textContent = value;
  return t;
}

function label(x, y, value, r, light) {
  const t = text(x, y, value, (r * 0.95) / Math.max(1, value.length * 0.62), "piece-label");
  t.setAttribute("fill", light ? "#222" : "#f4f1e8");
  return t;
}

/** A kind's emblem: "crown", "diamond" or {chevrons: n}. */
function emblem(kind, x, y, r, light) {
  if (kind === "crown") return crown(x, y, r, light);
  if (kind === "diamond") return diamond(x, y, r, light);
  if (kind?.chevrons) return chevrons(kind.chevrons, x, y, r, light);
  return label(x, y, "?", r, light);
}

/** The ink of an emblem: gold on dark pieces, dark gold on light ones. */
function ink(light, r) {
  return { fill: light ? "#b8860b" : "#f2c14e", stroke: light ? "#6b4e00" : "#000", "stroke-width": r * 0.06 };
}

function diamond(x, y, r, light) {
  const [w, h] = [r * 0.5, r * 0.66];
  const points = [[x, y - h], [x + w, y], [x, y + h], [x - w, y]];
  return s("polygon", { points: points.map((p) => p.join(",")).join(" "), ...ink(light, r), class: "diamond" });
}

/** Stripes as on a sleeve, pointing up, `n` stacked one over another. */
function chevrons(n, x, y, r, light) {
  const group = s("g", { class: "chevrons" });
  const w = r * 0.64;
  const depth = r * 0.34;
  const thick = r * 0.25;
  const gap = r * 0.36;
  const top = y - ((n - 1) * gap) / 2 - depth / 2;
  for (let i = 0; i < n; i += 1) {
    const ty = top + i * gap;
    const points = [
      [x - w, ty + depth],
      [x, ty],
      [x + w, ty + depth],
      [x + w, ty + depth + thick],
      [x, ty + thick],
      [x - w, ty + depth + thick],
    ];
    group.append(s("polygon", { points: points.map((p) => p.join(",")).join(" "), ...ink(light, r) }));
  }
  return group;
}

function crown(x, y, r, light) {
  const w = r * 0.62;
  const hgt = r * 0.46;
  const points = [
    [x - w, y + hgt * 0.6],
    [x - w, y - hgt * 0.5],
    [x - w * 0.5, y + hgt * 0.05],
    [x, y - hgt * 0.9],
    [x + w * 0.5, y + hgt * 0.05],
    [x + w, y - hgt * 0.5],
    [x + w, y + hgt * 0.6],
  ];
  return s("polygon", { points: points.map((p) => p.join(",")).join(" "), ...ink(light, r), class: "crown" });
}
