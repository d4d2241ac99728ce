"""A person's passkeys: adding one (after the WebAuthn ceremony, admin/auth/passkeys.py),
listing, renaming and removing them.

Adding and removing a passkey changes how the account can be signed in to, so each is
recorded in the audit log of every workspace the person belongs to (``passkey.added``,
``passkey.removed``) and told to the person by e-mail, in the transaction of the change.
Passkeys are the person's own: any role manages them, an API key never does.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from admin.accounts import mails
from admin.api.examples import example
from admin.audit import record_audit
from admin.auth import (
    PasskeyRefused,
    PasskeyRow,
    Passkeys,
    Principal,
    Registered,
    list_passkeys,
    passkey_owner,
    remove_passkey,
    rename_passkey,
    store_passkey,
)
from admin.db import Connection, Database
from admin.errors import FieldError, Forbidden, NotFound, validation
from admin.mail import Mail, queue_mail

MAX_PASSKEY_NAME = 100
PasskeyName = Annotated[
    str, Meta(min_length=1, max_length=MAX_PASSKEY_NAME, description="A name to tell it by.")
]


@example(
    {
        "id": "pk_01JNQBH2J3K4M5N6P7Q8R9S0TU",
        "name": "Laptop",
        "transports": ["internal", "hybrid"],
        "createdAt": "2025-03-01T09:30:00Z",
        "lastUsedAt": "2025-03-04T18:02:11Z",
    }
)
class Passkey(msgspec.Struct, frozen=True, kw_only=True, rename="camel"):
    """A passkey of the account (never its key or counter)."""

    id: str
    name: str
    transports: list[str]
    created_at: datetime
    last_used_at: datetime | None


@example(
    {
        "data": [
            {
                "id": "pk_01JNQBH2J3K4M5N6P7Q8R9S0TU",
                "name": "Laptop",
                "transports": ["internal", "hybrid"],
                "createdAt": "2025-03-01T09:30:00Z",
                "lastUsedAt": "2025-03-04T18:02:11Z",
            }
        ]
    }
)
class PasskeyList(msgspec.Struct, frozen=True, kw_only=True):
    data: list[Passkey]


@example({"name": "Phone"})
class PasskeyRename(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: PasskeyName


def _wire(row: PasskeyRow) -> Passkey:
    return Passkey(
        id=row.id,
        name=row.name,
        transports=row.transports,
        created_at=row.created_at,
        last_used_at=row.last_used_at,
    )


def check_name(name: str) -> str:
    name = name.strip()
    if not name or len(name) > MAX_PASSKEY_NAME or any(ord(c) < 0x20 for c in name):
        raise validation(
            [FieldError("name", f"must be 1 to {MAX_PASSKEY_NAME} characters, on one line")]
        )
    return name


def _person(principal: Principal) -> str:
    if principal.key_id is not None or principal.user_id is None:
        raise Forbidden(
            "Passkeys are managed by the person signed in (a dashboard session or an "
            "access token), not by an API key."
        )
    return principal.user_id


_GONE = "No such passkey on your account."


class PasskeyService:
    def __init__(self, db: Database, passkeys: Passkeys, base_url: str) -> None:
        self.db = db
        self.passkeys = passkeys
        self.base_url = base_url

    async def list(self, principal: Principal) -> PasskeyList:
        user_id = _person(principal)
        async with self.db.connection() as conn:
            rows = await list_passkeys(conn, user_id)
        return PasskeyList(data=[_wire(row) for row in rows])

    async def registration_options(self, principal: Principal, session_id: str) -> str:
        user_id = _person(principal)
        async with self.db.connection() as conn:
            owner = await passkey_owner(conn, user_id)
        if owner is None:
            raise NotFound("The account no longer exists.")
        return await self.passkeys.registration_options(user_id, owner.email, session_id)

    async def add(
        self, principal: Principal, session_id: str, name: str, credential: str | dict[str, Any]
    ) -> Passkey:
        """Verify the authenticator's answer to this session's challenge and store the
        credential under ``name``; audited in each of the person's workspaces, e-mailed."""
        user_id = _person(principal)
        name = check_name(name)
        registered: Registered = await self.passkeys.verify_registration(
            user_id, session_id, credential
        )
        async with self.db.transaction() as conn:
            row = await store_passkey(conn, registered, name)
            if row is None:
                raise PasskeyRefused("This passkey is registered already.")
            await self._tell(conn, principal, user_id, "passkey.added", row)
        return _wire(row)

    async def rename(self, principal: Principal, passkey_id: str, name: str) -> Passkey:
        user_id = _person(principal)
        name = check_name(name)
        async with self.db.connection() as conn:
            row = await rename_passkey(conn, user_id, passkey_id, name)
        if row is None:
            raise NotFound(_GONE)
        return _wire(row)

    async def remove(self, principal: Principal, passkey_id: str) -> Passkey:
        user_id = _person(principal)
        async with self.db.transaction() as conn:
            row = await remove_passkey(conn, user_id, passkey_id)
            if row is None:
                raise NotFound(_GONE)
            await self._tell(conn, principal, user_id, "passkey.removed", row)
        return _wire(row)

    async def _tell(
        self, conn: Connection, principal: Principal, user_id: str, action: str, row: PasskeyRow
    ) -> None:
        owner = await passkey_owner(conn, user_id)
        if owner is None:  # the account went meanwhile: its rows go with it
            return
        for workspace_id in owner.workspace_ids:
            await record_audit(conn, principal, action, row.id, workspace_id=workspace_id)
        subject, body = (
            mails.passkey_added(self.base_url, row.name)
            if action == "passkey.added"
            else mails.passkey_removed(self.base_url, row.name)
        )
        await queue_mail(conn, Mail(owner.email, subject, body))
