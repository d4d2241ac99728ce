r"""Whole-string patterns that mean the same to the server and to the published schema.

msgspec checks ``Meta(pattern=...)`` with Python's ``re.search``, and the OpenAPI
document publishes the same text as a JSON Schema pattern, an ECMA-262 regular
expression. The two dialects disagree on the obvious anchoring: in Python ``$``
also matches just before a final newline, so ``^[a-z]+$`` accepts ``"admin\n"``,
and ECMA-262 has no ``\Z``. ``^(?:body)$(?!\n)`` means "the whole text" in both:
in ECMA-262 (no ``m`` flag) ``$`` is the end of the input and the lookahead is
trivially true; in Python the lookahead refuses the position before a final
newline.

Bodies use explicit ASCII classes (``[0-9]``, never ``\d``, ``\w`` or ``\s``):
in Python those match any Unicode digit, letter or space, in ECMA-262 only ASCII
ones. Patterns used only inside the server call ``re.fullmatch`` instead.
"""

from __future__ import annotations

WHOLE_PREFIX = "^(?:"
WHOLE_SUFFIX = ")$(?!\\n)"


def whole(body: str) -> str:
    """A schema pattern matching exactly the strings that ``body`` matches in full."""
    return f"{WHOLE_PREFIX}{body}{WHOLE_SUFFIX}"
