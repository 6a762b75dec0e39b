# SPDX-License-Identifier: MIT
"""Pictures: SVG documents that notebooks show as pictures."""
from __future__ import annotations

import os
from typing import Iterable, Union

from . import _core


class Svg(str):
    """An SVG document: a str (write it to a .svg file, or save()) that
    Jupyter and IPython show as the picture itself."""

    def _repr_svg_(self) -> str:
        return str(self)

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the document to `path` (UTF-8)."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(self)


def svg_sheet(pictures: Iterable[str], columns: int = 0) -> Svg:
    """One document showing `pictures` (from the svg() functions) in rows of
    `columns` (0: about square), in order."""
    return Svg(_core.svg_sheet(list(pictures), columns))
