"""Wire formats of the audit log (docs/api.md#audit-log)."""

from __future__ import annotations

import msgspec

from admin.api.examples import example

ENTRY_EXAMPLE = {
    "id": "aud_01JNQ8E9F0G1H2J3K4M5N6P7QR",
    "at": "2026-03-01T09:30:00.000Z",
    "actor": {"userId": "usr_01JNQDK4M5N6P7Q8R9S0T1U2VW", "apiKeyId": None},
    "action": "member.invited",
    "target": "inv_01JNQ8E9F0G1H2J3K4M5N6P7QS",
    "ip": "203.0.113.7",
    "userAgent": "Mozilla/5.0",
}


@example(ENTRY_EXAMPLE["actor"])
class AuditActor(msgspec.Struct, kw_only=True, rename="camel"):
    """Who acted: the person (an API key's maker, while they are on Hop) and the API key
    when one was used; both null for an operator's command or the service itself."""

    user_id: str | None
    api_key_id: str | None


@example(ENTRY_EXAMPLE)
class AuditEntry(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    at: str
    actor: AuditActor
    action: str
    target: str | None
    ip: str | None
    user_agent: str | None


@example({"data": [ENTRY_EXAMPLE], "nextCursor": None})
class AuditLogPage(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[AuditEntry]
    next_cursor: str | None
