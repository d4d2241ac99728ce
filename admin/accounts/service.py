"""Accounts as an operator manages them (the `hop user` and `hop key` commands), and
the account's own view of itself (GET /v1/users/me, the dashboard's account page).

Plan and limit changes are announced on the auth-change channel, so every admin
process drops the principals it cached and the new limits apply to the next request.
"""

from __future__ import annotations

from typing import Literal

import msgspec
from redis.asyncio import Redis

from admin.accounts import repository as repo
from admin.accounts.rules import check_email, check_password
from admin.accounts.schemas import Me
from admin.auth import (
    ALL_SCOPES,
    Passwords,
    announce_auth_change,
    default_passwords,
    effective_limits,
    new_api_key,
    token_hash,
)
from admin.db import Connection, Database
from admin.errors import FieldError, NotFound, Unauthorized, validation
from common.ids import new_id
from common.settings import LimitSettings
from common.timefmt import iso_utc

PLANS = ("free", "pro", "business")


class CreatedUser(msgspec.Struct, frozen=True):
    userId: str  # noqa: N815 - CLI output field names
    liveKey: str  # noqa: N815
    testKey: str  # noqa: N815


def _check_new_user(email: str, password: str, plan: str) -> None:
    errors = check_email(email) + check_password("password", password)
    if plan not in PLANS:
        errors.append(FieldError("plan", f"must be one of {', '.join(PLANS)}"))
    if errors:
        raise validation(errors)


async def _insert_key(
    conn: Connection,
    user: repo.User,
    environment: Literal["live", "test"],
    scopes: tuple[str, ...],
) -> str:
    """A key of the user's personal workspace, made by them."""
    assert user.workspace_id is not None  # every user has a personal workspace
    key, prefix = new_api_key(environment)
    await repo.insert_api_key(
        conn,
        repo.NewApiKey(
            id=new_id("key"),
            workspace_id=user.workspace_id,
            created_by=user.id,
            environment=environment,
            prefix=prefix,
            key_hash=token_hash(key),
            scopes=list(scopes),
        ),
    )
    return key


class WorkspaceLimits(msgspec.Struct, frozen=True):
    """A workspace's plan and limits as `hop workspace plan/limits` print them."""

    id: str
    plan: str
    limitPerMinute: int  # noqa: N815 - CLI output field names
    limitPerMonth: int  # noqa: N815
    custom_per_minute: int | None = msgspec.field(name="customPerMinute", default=None)
    custom_per_month: int | None = msgspec.field(name="customPerMonth", default=None)


class AccountService:
    def __init__(self, db: Database, passwords: Passwords | None = None) -> None:
        self.db = db
        self.passwords = passwords or default_passwords()

    async def create_user(self, email: str, password: str, plan: str = "free") -> CreatedUser:
        """A user, their personal workspace on ``plan``, and one live and one test key of
        it holding every scope."""
        _check_new_user(email, password, plan)
        with self.passwords.slot() as slot:
            password_hash = await slot.hash(password)
        user_id = new_id("usr")
        # Made by an operator, so the address is trusted as it is.
        user = repo.NewUser(
            id=user_id, email=email, password_hash=password_hash, plan=plan, verified=True
        )
        async with self.db.transaction() as conn:
            await repo.insert_user(conn, user)
            made = await self._user(conn, email)
            live = await _insert_key(conn, made, "live", ALL_SCOPES)
            test = await _insert_key(conn, made, "test", ALL_SCOPES)
        return CreatedUser(user_id, live, test)

    async def _user(self, conn: Connection, email: str) -> repo.User:
        """The user with this address, with their personal workspace."""
        user = await repo.user_by_email(conn, email)
        if user is None:
            raise NotFound(f"No user has the e-mail {email!r}.")
        return user

    async def _personal_workspace(self, conn: Connection, email: str) -> str:
        workspace_id = (await self._user(conn, email)).workspace_id
        if workspace_id is None:
            raise NotFound(f"{email!r} has no personal workspace.")
        return workspace_id

    async def create_key(
        self, email: str, scopes: tuple[str, ...], environment: Literal["live", "test"]
    ) -> str:
        async with self.db.transaction() as conn:
            return await _insert_key(conn, await self._user(conn, email), environment, scopes)

    async def revoke_key(self, email: str, prefix: str, redis: Redis | None) -> bool:
        """Revoke the key; True once every admin process has been told to forget it."""
        async with self.db.transaction() as conn:
            workspace_id = await self._personal_workspace(conn, email)
            if not await repo.revoke_api_key(conn, workspace_id, prefix):
                raise NotFound(f"{email!r} has no active key with the prefix {prefix!r}.")
        return redis is not None and await announce_auth_change(redis, f"revoked:{prefix}")

    async def set_limits(
        self,
        email: str,
        per_minute: int | None,
        per_month: int | None,
        redis: Redis | None,
    ) -> bool:
        """Negotiated limits of the user's personal workspace (None: the plan's); True once
        every admin process was told."""
        async with self.db.connection() as conn:
            workspace_id = await self._personal_workspace(conn, email)
        return await self.set_workspace_limits(workspace_id, per_minute, per_month, redis)

    async def set_workspace_limits(
        self,
        workspace_id: str,
        per_minute: int | None,
        per_month: int | None,
        redis: Redis | None,
    ) -> bool:
        """Negotiated limits (None: the plan's); True once every admin process was told."""
        errors = [
            FieldError(field, "must be greater than 0")
            for field, value in (("perMinute", per_minute), ("perMonth", per_month))
            if value is not None and value <= 0
        ]
        if errors:
            raise validation(errors)
        async with self.db.transaction() as conn:
            await self._require_workspace(conn, workspace_id)
            await repo.set_limits(conn, workspace_id, per_minute, per_month)
        return redis is not None and await announce_auth_change(redis, f"limits:{workspace_id}")

    async def set_plan(self, email: str, plan: str, redis: Redis | None) -> bool:
        """The plan of the user's personal workspace."""
        async with self.db.connection() as conn:
            workspace_id = await self._personal_workspace(conn, email)
        return await self.set_workspace_plan(workspace_id, plan, redis)

    async def set_workspace_plan(self, workspace_id: str, plan: str, redis: Redis | None) -> bool:
        if plan not in PLANS:
            raise validation([FieldError("plan", f"must be one of {', '.join(PLANS)}")])
        async with self.db.transaction() as conn:
            await self._require_workspace(conn, workspace_id)
            await repo.set_plan(conn, workspace_id, plan)
        return redis is not None and await announce_auth_change(redis, f"plan:{workspace_id}")

    async def workspace_limits(self, workspace_id: str, limits: LimitSettings) -> WorkspaceLimits:
        """A workspace's plan, its negotiated limits and the limits in force (`hop workspace`)."""
        async with self.db.connection() as conn:
            row = await repo.workspace_plan(conn, workspace_id)
        if row is None:
            raise NotFound(f"No workspace has the id {workspace_id!r}.")
        minute, month = effective_limits(
            limits, row.plan, row.limit_per_minute, row.limit_per_month
        )
        return WorkspaceLimits(
            id=workspace_id,
            plan=row.plan,
            limitPerMinute=minute,
            limitPerMonth=month,
            custom_per_minute=row.limit_per_minute,
            custom_per_month=row.limit_per_month,
        )

    @staticmethod
    async def _require_workspace(conn: Connection, workspace_id: str) -> None:
        if not await repo.workspace_exists(conn, workspace_id):
            raise NotFound(f"No workspace has the id {workspace_id!r}.")

    async def me_by_email(self, email: str, limits: LimitSettings) -> Me:
        """``me`` of the account with this e-mail in its personal workspace (the
        operator's ``hop`` commands)."""
        async with self.db.connection() as conn:
            user = await self._user(conn, email)
        return await self.me(user.id, None, limits)

    async def me(self, user_id: str, workspace_id: str | None, limits: LimitSettings) -> Me:
        """The account as its owner sees it, with the plan and limits in force in the
        workspace it acts in (its personal one when None)."""
        async with self.db.connection() as conn:
            user = await repo.user_by_id(conn, user_id, workspace_id)
        if user is None or user.plan is None:
            raise Unauthorized("The account no longer exists.")
        minute, month = effective_limits(
            limits, user.plan, user.limit_per_minute, user.limit_per_month
        )
        return Me(
            id=user.id,
            email=user.email,
            plan=user.plan,  # type: ignore[arg-type]  # the column's CHECK holds it to PLANS
            limit_per_minute=minute,
            limit_per_month=month,
            custom_limits=user.limit_per_minute is not None or user.limit_per_month is not None,
            verified=user.verified,
            created_at=iso_utc(user.created_at),
        )
