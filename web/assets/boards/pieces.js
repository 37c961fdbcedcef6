// Drawing stacks of pieces: each piece a disc, stacked with a small
// vertical offset so the height and the colour order show at a glance, the
// height in a badge, kings crowned, kinds written on the top piece, hidden
// pieces shown from the back with whatever of their kind is public.

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

/** An SVG group drawing `pieces` (bottom first) centred on (x, y). */
export function drawStack(pieces, x, y, r, seats) {
  const group = s("g", { class: "stack" });
  const step = stackStep(r, pieces.length);
  const base = y + ((pieces.length - 1) * step) / 2;
  pieces.forEach((piece, i) => {
    const cy = base - i * step;
    const colour = seats[piece.owner]?.colour ?? "#888";
    const light = isLight(colour);
    const disc = s("g", { class: `piece seat-${piece.owner}${piece.hidden ? " hidden" : ""}` });
    disc.append(
      s("ellipse", { cx: x, cy: cy + r * 0.12, rx: r, ry: r * 0.92, fill: light ? "#b9b2a0" : "#111", opacity: 0.55 }),
      s("circle", { cx: x, cy, r, fill: colour, stroke: light ? "#6b6556" : "#000", "stroke-width": r * 0.09 }),
    );
    const top = i === pieces.length - 1;
    if (top && piece.hidden) {
      disc.append(s("circle", { cx: x, cy, r: r * 0.55, fill: "none", stroke: light ? "#6b6556" : "#aaa", "stroke-width": r * 0.12, "stroke-dasharray": `${r * 0.2} ${r * 0.15}` }));
      // A back: what the viewer may know of it (a public "D"), else "?".
      disc.append(label(x, cy, piece.kind ?? "?", r, light));
    } else if (top && piece.kind === "king") {
      disc.append(crown(x, cy, r, light));
    } else if (top && piece.kind) {
      disc.append(label(x, cy, piece.kind, r, light));
    } else {
      disc.append(s("circle", { cx: x, cy, r: r * 0.62, fill: "none", stroke: light ? "#d8d1bf" : "#444", "stroke-width": r * 0.07 }));
    }
    group.append(disc);
  });
  if (pieces.length > 1) {
    const bx = x + r * 0.85;
    const by = base - (pieces.length - 1) * step - r * 0.75;
    group.append(
      s("circle", { cx: bx, cy: by, r: r * 0.42, class: "height-badge" }),
      text(bx, by, String(pieces.length), r * 0.5, "height-text"),
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
  return s("polygon", {
    points: points.map((p) => p.join(",")).join(" "),
    fill: light ? "#b8860b" : "#f2c14e",
    stroke: light ? "#6b4e00" : "#000",
    "stroke-width": r * 0.06,
    class: "crown",
  });
}
