"""Workspaces and their members (docs/api.md#workspaces).

The rules:

- A caller addresses only workspaces it is a member of (any other id is 404, as if it
  did not exist). An API key addresses only its own workspace. A person signed in (a
  session or an access token) acts in one workspace but may manage any other they are
  a member of: the ``:id`` routes act with their role in the named workspace, looked up
  like every membership (cached, and dropped at once on every announced change).
- Reading needs any role; renaming and managing members needs ``admin``; granting,
  revoking or removing the ``owner`` role and deleting the workspace need ``owner``. A
  member may always remove themself (leaving).
- A workspace always keeps an owner: removing or demoting the last one is 409. The
  change locks the workspace's owner rows and the rows it touches (``lock_members``),
  so two owners demoting each other at once cannot both succeed.
- Every change is written to the audit log in its own transaction and announced on the
  auth-change channel after the commit, so it holds on each admin process's next
  request whatever the credential (session, access token, a key the member made).
- A removed member's keys keep working, capped at the role they held
  (``api_keys.maker_role``), unless the remover asks for them to be revoked.
- Deleting a workspace deletes everything it owns (the foreign keys cascade), frees its
  codes and Bio names as a deleted link's are freed, removes their entries from the
  edge's Redis cache and its verified domains from the set the edges route by.
"""

from __future__ import annotations

import logging
import re
import secrets
import unicodedata

import msgspec
from redis.asyncio import Redis

from admin.audit import record_audit
from admin.auth import AuthService, Principal, Role, announce_auth_change, at_least
from admin.db import Connection, Database
from admin.domains import DomainSet
from admin.errors import (
    AddressUnconfirmed,
    Conflict,
    FieldError,
    Forbidden,
    NotFound,
    validation,
)
from admin.workspaces import repository as repo
from admin.workspaces.schemas import (
    Member,
    MemberList,
    Workspace,
    WorkspaceCreate,
    WorkspaceLinkHealth,
    WorkspaceList,
    WorkspacePrivacy,
    WorkspaceUpdate,
)
from common.channels import publish
from common.ids import new_id
from common.keys import FLUSH_ALL, LINK_CHANGES_CHANNEL, bio_key_in, link_cache_key, link_key_in
from common.redis_store import RedisUnavailable, redis_outage
from common.timefmt import iso_utc

logger = logging.getLogger(__name__)

# Keys deleted per DEL, and the most codes announced one by one (past it, every edge
# drops its whole in-process cache once instead).
_DELETE_BATCH = 1000
_ANNOUNCED_ONE_BY_ONE = 1000
_SLUG_MIN, _SLUG_MAX = 3, 48
_NOT_FOUND = "No workspace with id {!r} (or you are not a member of it)."


def _workspace(row: repo.WorkspaceRow, role: Role) -> Workspace:
    return Workspace(
        id=row.id,
        name=row.name,
        slug=row.slug,
        plan=row.plan,  # type: ignore[arg-type]  # the column's CHECK holds it
        role=role,
        personal=row.personal_of is not None,
        created_at=iso_utc(row.created_at),
        require_mfa=row.require_mfa,
        privacy=WorkspacePrivacy(honor_dnt=row.honor_dnt),
        link_health=WorkspaceLinkHealth(enabled=row.link_health),
    )


def slug_of(name: str) -> str:
    """A slug made from a name: ASCII letters and digits, hyphens between words."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[: _SLUG_MAX - 7].strip("-")
    return slug if len(slug) >= _SLUG_MIN else f"ws-{slug}".strip("-") if slug else "workspace"


def _refused(needed: Role, role: Role) -> Forbidden:
    return Forbidden(
        f"This operation needs the role {needed!r} (or a higher one) in the workspace; "
        f"yours is {role!r}."
    )


def _may_write(principal: Principal) -> None:
    """Writes need a confirmed address, and a key holding ``account:write``."""
    if not principal.verified:
        raise AddressUnconfirmed(
            "Verify your e-mail address first: until then the account can look but not "
            "change anything."
        )
    if principal.key_id is not None and "account:write" not in principal.scopes:
        raise Forbidden("This operation needs the scope 'account:write'.")


class WorkspaceService:
    def __init__(self, db: Database, redis: Redis, auth: AuthService) -> None:
        self.db = db
        self.redis = redis
        self.auth = auth

    async def role_in(self, principal: Principal, workspace_id: str) -> Role:
        """The caller's role in the workspace; NotFound when it may not address it."""
        if workspace_id == principal.workspace_id:
            return principal.role
        if principal.key_id is not None or principal.user_id is None:
            raise NotFound(_NOT_FOUND.format(workspace_id))
        member = await self.auth.member(principal.user_id, workspace_id)
        if member is None:
            raise NotFound(_NOT_FOUND.format(workspace_id))
        return member.role

    async def _require(self, principal: Principal, workspace_id: str, needed: Role) -> Role:
        role = await self.role_in(principal, workspace_id)
        if not at_least(role, needed):
            raise _refused(needed, role)
        return role

    # Workspaces

    async def create(self, principal: Principal, data: WorkspaceCreate) -> Workspace:
        """A new workspace on the free plan, the caller its owner."""
        _may_write(principal)
        if principal.key_id is not None or principal.user_id is None:
            raise Forbidden(
                "A workspace is created by a person signed in (a dashboard session or an "
                "access token), not by an API key."
            )
        name = data.name.strip()
        if not name:
            raise validation([FieldError("name", "must not be blank")])
        workspace_id = new_id("ws")
        async with self.db.transaction() as conn:
            slug = data.slug or await self._free_slug(conn, name)
            row = await repo.insert_workspace(conn, workspace_id, name, slug)
            await repo.insert_member(conn, workspace_id, principal.user_id, "owner")
            await record_audit(
                conn, principal, "workspace.created", workspace_id, workspace_id=workspace_id
            )
        await announce_auth_change(self.redis, f"workspace:{workspace_id}")
        return _workspace(row, "owner")

    @staticmethod
    async def _free_slug(conn: Connection, name: str) -> str:
        base = slug_of(name)
        slug = base
        while await repo.slug_taken(conn, slug):
            slug = f"{base}-{secrets.token_hex(3)}"
        return slug

    async def list(self, principal: Principal) -> WorkspaceList:
        """The person's workspaces with their role in each; a key: its own only."""
        if principal.key_id is not None or principal.user_id is None:
            async with self.db.connection() as conn:
                row = await repo.workspace(conn, principal.workspace_id)
            return WorkspaceList(data=[_workspace(row, principal.role)] if row else [])
        async with self.db.connection() as conn:
            rows = await repo.workspaces_of_user(conn, principal.user_id)
        return WorkspaceList(
            data=[
                _workspace(
                    repo.WorkspaceRow(
                        r.id,
                        r.name,
                        r.slug,
                        r.plan,
                        r.personal_of,
                        r.created_at,
                        r.require_mfa,
                        r.honor_dnt,
                        r.link_health,
                    ),
                    r.role,
                )
                for r in rows
            ]
        )

    async def get(self, principal: Principal, workspace_id: str) -> Workspace:
        role = await self.role_in(principal, workspace_id)
        async with self.db.connection() as conn:
            row = await repo.workspace(conn, workspace_id)
        if row is None:
            raise NotFound(_NOT_FOUND.format(workspace_id))
        return _workspace(row, role)

    async def update(
        self, principal: Principal, workspace_id: str, data: WorkspaceUpdate
    ) -> Workspace:
        """Rename (admin): its name, its slug; its privacy promises (admin); require
        two-factor sign-in (owner)."""
        _may_write(principal)
        needed: Role = "owner" if data.require_mfa is not None else "admin"
        role = await self._require(principal, workspace_id, needed)
        name = data.name.strip() if data.name is not None else None
        if name == "":
            raise validation([FieldError("name", "must not be blank")])
        async with self.db.transaction() as conn:
            row = await repo.update_workspace(
                conn,
                workspace_id,
                name,
                data.slug,
                require_mfa=data.require_mfa,
                honor_dnt=data.privacy.honor_dnt if data.privacy is not None else None,
                link_health=data.link_health.enabled if data.link_health is not None else None,
            )
            if row is None:
                raise NotFound(_NOT_FOUND.format(workspace_id))
            await record_audit(
                conn, principal, "workspace.updated", workspace_id, workspace_id=workspace_id
            )
        if data.require_mfa is not None:
            # Cached memberships hold the old rule: every admin process drops them.
            await announce_auth_change(self.redis, f"workspace:{workspace_id}")
        return _workspace(row, role)

    async def delete(self, principal: Principal, workspace_id: str, confirm: str | None) -> None:
        """Delete the workspace and everything it owns (owner only, the slug confirming)."""
        _may_write(principal)
        await self._require(principal, workspace_id, "owner")
        async with self.db.transaction() as conn:
            row = await repo.lock_workspace(conn, workspace_id)
            if row is None:
                raise NotFound(_NOT_FOUND.format(workspace_id))
            if principal.user_id is not None:
                # Still an owner now (a demotion may have been committed meanwhile)?
                locked = await repo.lock_members(conn, workspace_id, [principal.user_id])
                caller_role = WorkspaceService._caller_role(principal, locked, "owner")
                if caller_role != "owner":
                    raise _refused("owner", caller_role)
            if row.personal_of is not None:
                raise Conflict(
                    "A personal workspace cannot be deleted on its own: it goes with its "
                    "account (DELETE /v1/users/me)."
                )
            if confirm != row.slug:
                raise validation(
                    [FieldError("confirm", f"must be the workspace's slug, {row.slug!r}")]
                )
            # The audit log goes with the workspace: the deletion is logged, not audited.
            cleared = await delete_workspace_rows(conn, workspace_id)
        logger.info(
            "workspace deleted",
            extra={
                "action": "workspace.deleted",
                "workspace_id": workspace_id,
                "user_id": principal.user_id,
            },
        )
        await self.forget(cleared)
        await announce_auth_change(self.redis, f"workspace-deleted:{workspace_id}")

    async def forget(self, cleared: Cleared) -> None:
        await forget_cleared(self.redis, cleared)

    # Members

    async def members(self, principal: Principal, workspace_id: str) -> MemberList:
        await self.role_in(principal, workspace_id)
        async with self.db.connection() as conn:
            rows = await repo.members(conn, workspace_id)
        return MemberList(
            data=[
                Member(
                    user_id=r.user_id, email=r.email, role=r.role, joined_at=iso_utc(r.joined_at)
                )
                for r in rows
            ]
        )

    async def change_role(
        self, principal: Principal, workspace_id: str, user_id: str, role: Role
    ) -> Member:
        """Give a member another role (admin; the owner role only by an owner)."""
        _may_write(principal)
        caller_role = await self._require(principal, workspace_id, "admin")
        async with self.db.transaction() as conn:
            locked = await repo.lock_members(
                conn, workspace_id, [user_id, *([principal.user_id] if principal.user_id else [])]
            )
            caller_role = self._caller_role(principal, locked, caller_role)
            if not at_least(caller_role, "admin"):
                raise _refused("admin", caller_role)
            current = locked.get(user_id)
            if current is None:
                raise NotFound(f"No member {user_id!r} in the workspace.")
            if "owner" in (current, role) and current != role and caller_role != "owner":
                raise _refused("owner", caller_role)
            if current == "owner" and role != "owner":
                _keep_an_owner(locked, user_id, "demote")
            if current != role:
                await repo.set_role(conn, workspace_id, user_id, role)
                await record_audit(
                    conn, principal, "member.role_changed", user_id, workspace_id=workspace_id
                )
            rows = await repo.members(conn, workspace_id)
        if current != role:
            await announce_auth_change(self.redis, f"role:{workspace_id}:{user_id}")
        row = next(r for r in rows if r.user_id == user_id)
        return Member(
            user_id=row.user_id, email=row.email, role=row.role, joined_at=iso_utc(row.joined_at)
        )

    async def remove_member(
        self, principal: Principal, workspace_id: str, user_id: str, *, revoke_keys: bool
    ) -> None:
        """Remove a member (admin; an owner only by an owner), or leave (oneself). Their
        keys keep working at the role they held, or are revoked with ``revoke_keys``."""
        _may_write(principal)
        leaving = user_id == principal.user_id
        caller_role = await self.role_in(principal, workspace_id)
        async with self.db.transaction() as conn:
            workspace = await repo.workspace(conn, workspace_id)
            if workspace is None:
                raise NotFound(_NOT_FOUND.format(workspace_id))
            locked = await repo.lock_members(
                conn, workspace_id, [user_id, *([principal.user_id] if principal.user_id else [])]
            )
            caller_role = self._caller_role(principal, locked, caller_role)
            current = locked.get(user_id)
            if not leaving and not at_least(caller_role, "admin"):
                raise _refused("admin", caller_role)
            if current is None:
                raise NotFound(f"No member {user_id!r} in the workspace.")
            if current == "owner" and not leaving and caller_role != "owner":
                raise _refused("owner", caller_role)
            if workspace.personal_of == user_id:
                raise Conflict(
                    "A person cannot leave their personal workspace: it goes with their account."
                )
            if current == "owner":
                _keep_an_owner(locked, user_id, "remove")
            await repo.remove_member(conn, workspace_id, user_id)
            if revoke_keys:
                revoked = await repo.revoke_keys_of_maker(conn, workspace_id, user_id)
                for prefix in revoked:
                    await record_audit(
                        conn, principal, "api_key.revoked", prefix, workspace_id=workspace_id
                    )
            else:
                await repo.keep_maker_role(conn, workspace_id, user_id, current)
            await record_audit(
                conn,
                principal,
                "member.left" if leaving else "member.removed",
                user_id,
                workspace_id=workspace_id,
            )
        await announce_auth_change(self.redis, f"removed:{workspace_id}:{user_id}")

    @staticmethod
    def _caller_role(principal: Principal, locked: dict[str, Role], looked_up: Role) -> Role:
        """The caller's role as the locked rows say (a person's may have changed since it
        was looked up); a key whose maker left keeps the role it acts with."""
        if principal.user_id is not None and principal.user_id in locked:
            return locked[principal.user_id]
        if principal.key_id is not None:
            return looked_up
        raise NotFound("You are no longer a member of that workspace.")


def _keep_an_owner(locked: dict[str, Role], user_id: str, what: str) -> None:
    if not any(role == "owner" for member, role in locked.items() if member != user_id):
        raise Conflict(
            f"The workspace must keep an owner: make another member owner before you "
            f"{what} this one."
        )


class Cleared(msgspec.Struct, frozen=True):
    """What a deleted workspace leaves in Redis to remove once the deletion is committed."""

    places: list[repo.CachePlace]
    hostnames: list[str]


async def delete_workspace_rows(conn: Connection, workspace_id: str) -> Cleared:
    """Delete the workspace (its rows go by the cascades) in the caller's transaction,
    its codes and Bio names freed; what to remove from Redis after the commit."""
    places = await repo.free_codes(conn, workspace_id)
    hostnames = await repo.verified_hostnames(conn, workspace_id)
    await repo.delete_workspace(conn, workspace_id)
    return Cleared(places, hostnames)


async def evict(redis: Redis, places: list[repo.CachePlace]) -> None:
    """Delete the cache entries of a deleted workspace's codes and Bio names, and tell
    every edge to drop its in-process copies of the live ones."""
    keys = [
        link_key_in(p.environment, p.name, p.domain)
        if p.kind == "link"
        else bio_key_in(p.environment, p.name)
        for p in places
    ]
    live = [
        link_cache_key(p.name, p.domain)
        for p in places
        if p.kind == "link" and p.environment == "live"
    ]
    try:
        with redis_outage():
            for start in range(0, len(keys), _DELETE_BATCH):
                await redis.delete(*keys[start : start + _DELETE_BATCH])
            if len(live) > _ANNOUNCED_ONE_BY_ONE:
                await publish(redis, LINK_CHANGES_CHANNEL, FLUSH_ALL)
            else:
                for name in live:
                    await publish(redis, LINK_CHANGES_CHANNEL, name)
    except RedisUnavailable:
        # The deletion is committed; `hop cache rebuild` drops entries PostgreSQL lost.
        logger.exception(
            "deleted workspace's cache entries not removed; `hop cache rebuild` removes them",
            extra={"action": "cache.forget_workspace_failed", "entries": len(keys)},
        )


async def forget_cleared(redis: Redis, cleared: Cleared) -> None:
    """Remove a deleted workspace's entries from the edge's Redis cache and its
    verified domains from the set the edges route by (after the commit)."""
    hostnames = DomainSet(redis)
    for hostname in cleared.hostnames:
        await hostnames.remove(hostname)
    await evict(redis, cleared.places)


class SoleOwner(Conflict):
    slug = "sole-owner"


async def delete_account_rows(conn: Connection, user_id: str) -> Cleared | None:
    """Remove a person from Hop in the caller's transaction: SoleOwner (409) naming the
    workspaces they alone own (but their personal one); else the keys they made elsewhere
    keep the role they held, their personal workspace and the user go (memberships
    cascade). None: no such user. What to remove from Redis after the commit."""
    if not await repo.lock_user(conn, user_id):
        return None
    await repo.lock_owners_beside(conn, user_id)
    sole = await repo.sole_owned(conn, user_id)
    if sole:
        names = ", ".join(f"{w.name!r} ({w.id})" for w in sole)
        raise SoleOwner(
            f"You are the only owner of {names}: make another member owner, or delete it, "
            "before you leave Hop."
        )
    await repo.keep_maker_roles_of_user(conn, user_id)
    personal = await repo.personal_workspace(conn, user_id)
    cleared = await delete_workspace_rows(conn, personal) if personal else Cleared([], [])
    await repo.delete_user(conn, user_id)
    return cleared
