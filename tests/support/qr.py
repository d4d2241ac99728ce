"""Decode QR images with an independent decoder (zxing-cpp), as a phone would."""

from __future__ import annotations

import io

import zxingcpp
from PIL import Image


def decode_png(png: bytes) -> list[str]:
    # Transparent modules are printed on white paper.
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    paper = Image.new("RGBA", image.size, "white")
    image = Image.alpha_composite(paper, image).convert("L")
    return [str(result.text) for result in zxingcpp.read_barcodes(image)]
