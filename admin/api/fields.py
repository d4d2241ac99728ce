"""Fields that several resources share, declared once so that they read alike."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

# Who made a resource (links, QR codes, Bio pages, webhooks, domains, integrations): the
# creating request's API key, else its person (a dashboard session or an access token).
CreatedBy = Annotated[
    str | None,
    Meta(
        description="Who made it: the API key's id (key_…) when a key made it, else the "
        "user's id (usr_…: a dashboard session or an access token). It stays when that "
        "person leaves or the key is revoked; null: made before workspaces."
    ),
]
