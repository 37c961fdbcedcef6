// Plane geometry for drawing boards, kept free of the DOM so node's unit
// tests can check it: a layout shape's centre and corners, turning points
// about a centre, the side two cells share, bounds, how much room a cell
// gives its pieces, and the outer sides of a group of tiles.

const EPSILON = 1e-3;

/** The kind of a layout shape ("point", "square", …) and its numbers. */
export function shapeParts(shape) {
  const [kind, numbers] = Object.entries(shape)[0];
  return { kind, numbers };
}

/** A shape's centre [x, y]: a polygon's is the average of its corners. */
export function centreOf(shape) {
  const { kind, numbers } = shapeParts(shape);
  if (kind !== "polygon") return [numbers[0], numbers[1]];
  const corners = pairs(numbers);
  const sum = corners.reduce(([sx, sy], [x, y]) => [sx + x, sy + y], [0, 0]);
  return [sum[0] / corners.length, sum[1] / corners.length];
}

/** A tile's corners in order, [[x, y], …]; null for a point. */
export function cornersOf(shape) {
  const { kind, numbers } = shapeParts(shape);
  switch (kind) {
    case "square": {
      const [x, y, side] = numbers;
      const h = side / 2;
      return [[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]];
    }
    case "hexagon": {
      const [x, y, r] = numbers;
      return [0, 60, 120, 180, 240, 300].map((a) => polar(x, y, r, a));
    }
    case "triangle": {
      const [x, y, r, up] = numbers;
      // y grows downwards, so "up" is -90°.
      const apex = up ? -90 : 90;
      return [0, 120, 240].map((a) => polar(x, y, r, apex + a));
    }
    case "polygon":
      return pairs(numbers);
    default:
      return null;
  }
}

function polar(x, y, r, degrees) {
  const a = (degrees * Math.PI) / 180;
  return [x + r * Math.cos(a), y + r * Math.sin(a)];
}

function pairs(numbers) {
  const out = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) out.push([numbers[i], numbers[i + 1]]);
  return out;
}

/** A function turning points `degrees` clockwise on screen (y down) about `pivot`. */
export function turner(degrees, [px, py] = [0, 0]) {
  const a = (degrees * Math.PI) / 180;
  // Exact quarter turns, so squares stay on whole coordinates.
  const snap = (v) => (Math.abs(v) < 1e-12 ? 0 : v);
  const cos = snap(Math.cos(a));
  const sin = snap(Math.sin(a));
  return ([x, y]) => {
    const dx = x - px;
    const dy = y - py;
    return [px + dx * cos - dy * sin, py + dx * sin + dy * cos];
  };
}

/** The smallest box holding every point: {minX, minY, maxX, maxY}, or null for none. */
export function bounds(points) {
  if (points.length === 0) return null;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

const sub = ([ax, ay], [bx, by]) => [ax - bx, ay - by];
const cross = ([ax, ay], [bx, by]) => ax * by - ay * bx;
const dot = ([ax, ay], [bx, by]) => ax * bx + ay * by;
const length = ([x, y]) => Math.hypot(x, y);

/** Each side of a polygon as [from, to]. */
export function sidesOf(corners) {
  return corners.map((p, i) => [p, corners[(i + 1) % corners.length]]);
}

/**
 * The side two tiles share, [[x, y], [x, y]]: the longest overlap of two
 * of their sides lying on one line (so a small square beside a large one
 * shares part of the large one's side). Null when they share none.
 */
export function sharedSide(cornersA, cornersB) {
  let best = null;
  let bestLength = EPSILON;
  for (const [p, q] of sidesOf(cornersA)) {
    const d = sub(q, p);
    const len = length(d);
    if (len < EPSILON) continue;
    for (const [r, t] of sidesOf(cornersB)) {
      if (Math.abs(cross(d, sub(r, p))) / len > EPSILON || Math.abs(cross(d, sub(t, p))) / len > EPSILON) continue;
      // Both ends on p→q's line: overlap the two as fractions of p→q.
      const [u, v] = [dot(sub(r, p), d) / (len * len), dot(sub(t, p), d) / (len * len)].sort((a, b) => a - b);
      const from = Math.max(0, u);
      const to = Math.min(1, v);
      if ((to - from) * len > bestLength) {
        bestLength = (to - from) * len;
        best = [[p[0] + d[0] * from, p[1] + d[1] * from], [p[0] + d[0] * to, p[1] + d[1] * to]];
      }
    }
  }
  return best;
}

/**
 * A stroke across the line between two centres, at its middle: where a wall
 * between two points goes (they have no side to share). `share` is its
 * length as a part of the distance between them.
 */
export function crossing([ax, ay], [bx, by], share = 0.8) {
  const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
  const [nx, ny] = [-(by - ay) * share * 0.5, (bx - ax) * share * 0.5];
  return [[mx - nx, my - ny], [mx + nx, my + ny]];
}

/** The distance from a point to a segment. */
export function distanceToSegment(point, [p, q]) {
  const d = sub(q, p);
  const len2 = dot(d, d);
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, dot(sub(point, p), d) / len2));
  return length(sub(point, [p[0] + d[0] * t, p[1] + d[1] * t]));
}

/** The radius of the largest circle about `centre` inside the polygon. */
export function inradius(centre, corners) {
  return Math.min(...sidesOf(corners).map((side) => distanceToSegment(centre, side)));
}

/** For each point, the distance to the nearest other one (Infinity when alone). */
export function nearestDistances(points) {
  return points.map((p, i) => {
    let best = Infinity;
    points.forEach((q, j) => {
      if (j !== i) best = Math.min(best, length(sub(p, q)));
    });
    return best;
  });
}

/**
 * How far from `centre`, going in direction (dx, dy), the polygon's boundary
 * is (Infinity if the ray meets no side, which cannot happen from inside).
 */
export function reachTowards(centre, corners, [dx, dy]) {
  const dir = [dx / length([dx, dy]), dy / length([dx, dy])];
  let best = Infinity;
  for (const [p, q] of sidesOf(corners)) {
    const side = sub(q, p);
    const denominator = cross(dir, side);
    if (Math.abs(denominator) < 1e-12) continue;
    const along = cross(sub(p, centre), side) / denominator;
    const at = cross(sub(p, centre), dir) / denominator;
    if (along > 1e-9 && at >= -1e-9 && at <= 1 + 1e-9) best = Math.min(best, along);
  }
  return best;
}

/**
 * The sides of a group of tiles that are on its outer boundary: those that
 * belong to one tile of the group only. Tiles of a tiling share whole sides.
 */
export function outerSides(polygons) {
  const key = ([x, y]) => `${Math.round(x / EPSILON)},${Math.round(y / EPSILON)}`;
  const seen = new Map();
  for (const corners of polygons) {
    for (const side of sidesOf(corners)) {
      const k = [key(side[0]), key(side[1])].sort().join("|");
      const entry = seen.get(k);
      if (entry) entry.count += 1;
      else seen.set(k, { side, count: 1 });
    }
  }
  return [...seen.values()].filter((e) => e.count === 1).map((e) => e.side);
}

/** The area of a polygon (its corners in either order). */
export function polygonArea(corners) {
  return Math.abs(sidesOf(corners).reduce((sum, [p, q]) => sum + cross(p, q), 0)) / 2;
}

/** Whether a point lies inside (or on) a convex polygon whose corners go round in order. */
export function insideConvex(point, corners) {
  const signs = sidesOf(corners).map(([p, q]) => Math.sign(Math.round(cross(sub(q, p), sub(point, p)) * 1e6)));
  return !(signs.includes(1) && signs.includes(-1));
}

/** The convex hull of points, corners in order (Andrew's monotone chain). */
export function convexHull(points) {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const half = (list) => {
    const out = [];
    for (const p of list) {
      while (out.length >= 2 && cross(sub(out.at(-1), out.at(-2)), sub(p, out.at(-2))) <= 1e-9) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}
