// The board's marks (the cells a player may click, the last move's edge,
// the chosen piece's ring, the keyboard's focus) reach 3:1 contrast
// against every colour a cell is drawn in (WCAG 2.1, non-text contrast),
// read from the stylesheet itself.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const css = readFileSync(new URL("../../assets/style.css", import.meta.url), "utf8");

function colour(name) {
  const found = css.match(new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`));
  assert.ok(found, `--${name} is a #rrggbb colour in style.css`);
  return found[1];
}

function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const GROUNDS = ["board", "light-square", "dark-square", "land", "water"];
const MARKS = ["target", "mark-edge", "selected", "focus"];

test("every board mark stands out 3:1 from every cell colour", () => {
  for (const mark of MARKS) {
    for (const ground of GROUNDS) {
      const ratio = contrast(colour(mark), colour(ground));
      assert.ok(ratio >= 3, `--${mark} on --${ground}: ${ratio.toFixed(2)}:1`);
    }
  }
});

test("the contrast arithmetic is right", () => {
  assert.equal(contrast("#000000", "#ffffff").toFixed(1), "21.0");
  assert.equal(contrast("#777777", "#777777"), 1);
});
