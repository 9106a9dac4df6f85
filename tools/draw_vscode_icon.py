"""Draw the VS Code extension's icon, editors/vscode/images/icon.png (256x256), with Pillow: a stack of three
layers (a Heat stack) under a flame, on a dark rounded square. Drawn at four times the size and scaled down, so
the edges are smooth. The project's own drawing: no third-party artwork.

    pip install pillow && python3 tools/draw_vscode_icon.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

SIZE = 256
SCALE = 4
OUT = Path(__file__).resolve().parents[1] / "editors" / "vscode" / "images" / "icon.png"

BACKGROUND = (28, 36, 48, 255)
LAYERS = [(226, 74, 51, 255), (240, 122, 42, 255), (249, 178, 51, 255)]  # bottom to top
FLAME_OUTER = (236, 84, 46, 255)
FLAME_INNER = (255, 214, 102, 255)


def rhombus(cx: float, cy: float, half_width: float, half_height: float) -> list[tuple[float, float]]:
    return [(cx, cy - half_height), (cx + half_width, cy), (cx, cy + half_height), (cx - half_width, cy)]


def layer(draw: ImageDraw.ImageDraw, cy: float, colour: tuple[int, int, int, int], s: int) -> None:
    """One slab of the stack: a flat rhombus with a darker front edge, seen from above."""
    cx, hw, hh, depth = 128 * s, 84 * s, 34 * s, 12 * s
    shade = tuple(int(c * 0.7) for c in colour[:3]) + (255,)
    draw.polygon([(cx - hw, cy), (cx, cy + hh), (cx + hw, cy), (cx + hw, cy + depth), (cx, cy + hh + depth),
                  (cx - hw, cy + depth)], fill=shade)  # fmt: skip
    draw.polygon(rhombus(cx, cy, hw, hh), fill=colour)


def flame(draw: ImageDraw.ImageDraw, cx: float, base: float, height: float, width: float, colour, s: int) -> None:
    """A flame as a teardrop: a circle at the base and a tip above it, joined by tangent-ish sides."""
    r = width / 2
    draw.ellipse([cx - r, base - 2 * r, cx + r, base], fill=colour)
    tip = (cx + 6 * s, base - height)
    draw.polygon([(cx - r, base - r), tip, (cx + r, base - r)], fill=colour)


def draw_icon() -> Image.Image:
    s = SCALE
    image = Image.new("RGBA", (SIZE * s, SIZE * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([8 * s, 8 * s, 248 * s, 248 * s], radius=44 * s, fill=BACKGROUND)
    for index, colour in enumerate(LAYERS):
        layer(draw, (200 - index * 34) * s, colour, s)
    flame(draw, 128 * s, 126 * s, 104 * s, 58 * s, FLAME_OUTER, s)
    flame(draw, 126 * s, 118 * s, 62 * s, 30 * s, FLAME_INNER, s)
    return image.filter(ImageFilter.SMOOTH).resize((SIZE, SIZE), Image.LANCZOS)


def main() -> int:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    draw_icon().save(OUT, optimize=True)
    print(f"{OUT} ({OUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
