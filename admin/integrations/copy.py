"""Product copy: the channels' limits, enforced by us on whatever a writer produced,
and the template writer used when no AI endpoint is configured.

A writer (AI or template) drafts text without links; ``finish`` then cleans it (no
control characters, no URLs: the only link in the copy is the product's short
link, which it appends), normalises hashtags and cuts every field to its limit at a
word boundary. Limits:

- headline 80 characters, description 500;
- Instagram caption 2,200 characters with at most 30 hashtags (the caption's own and
  the appended ones together);
- X post 280 weighted characters as X counts them (xtext.py; the link counts 23);
- e-mail subject 78 characters (one header line), body 2,000;
- at most 30 hashtags, each 1-60 letters, digits or underscores.
"""

from __future__ import annotations

import re
from typing import Literal

import msgspec

from admin.integrations.platform import StoreProduct, clean_text
from admin.integrations.xtext import X_MAX_WEIGHT, post_length, strip_urls, weighted_length

Channel = Literal["web", "instagram", "x", "email"]
CHANNELS: tuple[Channel, ...] = ("web", "instagram", "x", "email")
HEADLINE_MAX = 80
DESCRIPTION_MAX = 500
INSTAGRAM_MAX = 2200
INSTAGRAM_HASHTAGS_MAX = 30
EMAIL_SUBJECT_MAX = 78
EMAIL_BODY_MAX = 2000
HASHTAGS_MAX = 30
HASHTAG_CHARS_MAX = 60
ELLIPSIS = "…"
_CUT_TRIM = " ,;:-\u2013\u2014"  # spaces, punctuation and dashes before a cut
_HASHTAG_IN_TEXT = re.compile(r"#\w+")
_NOT_TAG = re.compile(r"[^\w]")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


class Draft(msgspec.Struct, kw_only=True, rename="camel"):
    """What a writer produces; fields of channels not asked for may be empty."""

    headline: str
    description: str
    instagram: str
    x: str
    email_subject: str
    email_body: str
    hashtags: list[str]


class Copy(msgspec.Struct, kw_only=True, rename="camel"):
    headline: str
    description: str
    instagram: str | None
    x: str | None
    email_subject: str | None
    email_body: str | None
    hashtags: list[str]


def _multiline(text: str, limit: int) -> str:
    """Like clean_text, but paragraphs (blank lines) survive."""
    paragraphs = [clean_text(part, limit) for part in re.split(r"\n\s*\n", text)]
    return "\n\n".join(part for part in paragraphs if part)[: limit * 2]


def cut(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, cut at a word boundary with an ellipsis."""
    if len(text) <= limit:
        return text
    room = text[: limit - 1]
    space = room.rfind(" ")
    if space > limit // 2:
        room = room[:space]
    return room.rstrip(_CUT_TRIM) + ELLIPSIS


def cut_weighted(text: str, fits: int) -> str:
    """The longest word-boundary prefix (with an ellipsis) whose X weight is at most ``fits``."""
    if weighted_length(text) <= fits:
        return text
    words = text.split(" ")
    while words:
        words.pop()
        candidate = " ".join(words).rstrip(_CUT_TRIM) + ELLIPSIS
        if weighted_length(candidate) <= fits:
            return candidate
    return ""


def hashtags(raw: list[str]) -> list[str]:
    """``#`` stripped, letters/digits/underscores only, duplicates (any case) dropped."""
    seen: set[str] = set()
    tags: list[str] = []
    for item in raw:
        tag = _NOT_TAG.sub("", item.lstrip("#"))[:HASHTAG_CHARS_MAX]
        if not tag or tag.isdigit() or tag.lower() in seen:
            continue
        seen.add(tag.lower())
        tags.append(tag)
    return tags[:HASHTAGS_MAX]


def _clean(text: str, limit: int, *, multiline: bool = False) -> str:
    text = strip_urls(text)
    return _multiline(text, limit) if multiline else clean_text(text, limit * 2)


def _instagram(caption: str, tags: list[str], link: str) -> str:
    caption = _clean(caption, INSTAGRAM_MAX, multiline=True)
    inline = len(_HASHTAG_IN_TEXT.findall(caption))
    block = [f"#{tag}" for tag in tags[: max(0, INSTAGRAM_HASHTAGS_MAX - inline)]]
    tail = f"\n\n{link}" + (f"\n\n{' '.join(block)}" if block else "")
    while block and len(tail) > INSTAGRAM_MAX // 2:
        block.pop()
        tail = f"\n\n{link}" + (f"\n\n{' '.join(block)}" if block else "")
    if inline > INSTAGRAM_HASHTAGS_MAX:  # the writer's own tags alone are too many
        extra = _HASHTAG_IN_TEXT.findall(caption)[INSTAGRAM_HASHTAGS_MAX:]
        for tag in extra:
            caption = caption.replace(tag, tag[1:], 1)
    return cut(caption, INSTAGRAM_MAX - len(tail)) + tail


def _x_post(text: str, tags: list[str], link: str) -> str:
    text = _clean(text, X_MAX_WEIGHT)
    budget = X_MAX_WEIGHT - (post_length("", link))
    text = cut_weighted(text, budget)
    for tag in tags[:2]:  # a couple of hashtags when they fit
        candidate = f"{text} #{tag}".strip()
        if post_length(candidate, link) <= X_MAX_WEIGHT:
            text = candidate
    return f"{text} {link}".strip()


def finish(draft: Draft, channels: list[Channel], link: str) -> Copy:
    """The draft within every limit, with the short link where each channel shows one."""
    tags = hashtags(draft.hashtags)
    wanted = set(channels)
    body = _clean(draft.email_body, EMAIL_BODY_MAX, multiline=True)
    return Copy(
        headline=cut(_clean(draft.headline, HEADLINE_MAX), HEADLINE_MAX),
        description=cut(_clean(draft.description, DESCRIPTION_MAX), DESCRIPTION_MAX),
        instagram=_instagram(draft.instagram, tags, link) if "instagram" in wanted else None,
        x=_x_post(draft.x, tags, link) if "x" in wanted else None,
        email_subject=cut(_clean(draft.email_subject, EMAIL_SUBJECT_MAX), EMAIL_SUBJECT_MAX)
        if "email" in wanted
        else None,
        email_body=cut(body, EMAIL_BODY_MAX - len(link) - 2) + f"\n\n{link}"
        if "email" in wanted
        else None,
        hashtags=tags,
    )


def _price(product: StoreProduct) -> str:
    if not product.price:
        return ""
    low = f"{product.price} {product.currency or ''}".strip()
    if product.max_price and product.max_price != product.price:
        return f"from {low}"
    return low


def _sentences(text: str, limit: int) -> str:
    taken = ""
    for sentence in _SENTENCE.split(text):
        if taken and len(taken) + len(sentence) + 1 > limit:
            break
        taken = f"{taken} {sentence}".strip()
    return cut(taken, limit)


def template_draft(product: StoreProduct) -> Draft:
    """Copy made only of the product's own fields: no claims the store did not make."""
    price = _price(product)
    title = product.title
    by = f" by {product.vendor}" if product.vendor else ""
    summary = _sentences(product.description, 300) or f"{title}{by}."
    headline = f"{title} · {price}" if price and len(title) + len(price) + 3 <= 80 else title
    priced = f"\n\n{price}" if price else ""
    tags = [*product.tags, *([product.vendor] if product.vendor else [])]
    return Draft(
        headline=headline,
        description=summary,
        instagram=f"{title}{by}\n\n{summary}{priced}",
        x=f"{title}{f' · {price}' if price else ''}. {_sentences(product.description, 120)}",
        email_subject=f"{title}{f' · {price}' if price else ''}",
        email_body=f"{title}{by}\n\n{summary}{priced}",
        hashtags=hashtags(tags)[:5],
    )
