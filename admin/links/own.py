"""One of the owner's links as a person names it: its id, its short link (as copied
from the dashboard, on the short host or a custom domain) or its bare code.

The dashboard shows short links, never ids, so wherever a form asks for "one of your
short links" (a link QR code, a Bio button) what was pasted is looked up here."""

from __future__ import annotations

from urllib.parse import urlsplit

from admin.auth import Principal
from admin.db import Connection
from admin.link_model import LinkRow
from admin.links.repository import get_link, link_by_code
from common.keys import SANDBOX_PATH


def code_of(short_base_url: str, environment: str, given: str) -> tuple[str, str] | None:
    """(domain, code) named by a short link or a bare code; None when it names none.
    The domain is '' for the short host; a sandbox link's ``/test/`` is taken off (and
    names nothing of a live key's)."""
    given = given.strip()
    if not given:
        return None
    if "/" not in given:
        return "", given
    address = urlsplit(given if "://" in given else f"https://{given}")
    if address.query or address.fragment or not address.hostname:
        return None
    base = urlsplit(short_base_url)
    domain = "" if address.netloc.lower() == base.netloc.lower() else address.hostname.lower()
    path = address.path
    if not domain and base.path.rstrip("/"):
        path = path.removeprefix(base.path.rstrip("/"))
    sandbox = SANDBOX_PATH + "/"
    if path.startswith(sandbox):
        if environment != "test":
            return None
        path = path.removeprefix(sandbox)
    path = path.strip("/")
    if not path or "/" in path or path.startswith("@"):
        return None
    return domain, path


async def own_link(
    conn: Connection, principal: Principal, short_base_url: str, given: str
) -> LinkRow | None:
    """The owner's live link ``given`` names (id, short link or code), if it is theirs."""
    given = given.strip()
    if given.startswith("lnk_"):
        return await get_link(conn, principal, given)
    named = code_of(short_base_url, principal.environment, given)
    return await link_by_code(conn, principal, *named) if named else None
