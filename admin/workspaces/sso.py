"""Single sign-on per workspace (docs/api.md#single-sign-on, docs/security.md#sign-in).

A workspace admin connects the workspace's own OpenID Connect provider and names the
e-mail domains it speaks for; each domain is proven by a DNS TXT record, as custom
domains are (``_hop-challenge.<domain>``, admin/domains/txt.py). Then:

- Signing in: ``/login/sso`` takes an address, finds the workspace whose *verified*
  domain it is on, and sends the browser to that provider (``begin``): a new ``state``,
  ``nonce`` and PKCE verifier, kept in Redis under the state's SHA-256 for
  ``STATE_TTL`` seconds, the state bound to the browser by a cookie holding its HMAC
  under the server's key. The callback (``finish``) needs that cookie, takes the state
  once (GETDEL: a replayed callback finds nothing), exchanges the code with the
  verifier, and verifies the ID token (admin/workspaces/sso_client.py).
- Who signs in: the identity ``sso:<workspace id>`` / ``sub``; the first time, the
  person with the token's address (on one of the workspace's verified domains: the
  workspace proved the domain, its provider vouches for the address) is linked, or a
  new person made (no password, address confirmed). A person not yet a member joins
  with the connection's default role (just in time). An account made with the address
  but never confirmed is taken back: its password goes, its earlier credentials end.
- Require SSO: with ``require_sso`` on, a password sign-in with an address on a
  verified domain of the workspace is refused (403 ``sso-required``,
  admin/auth/service.py ``check_password``); API keys keep working.

The client secret is sealed at rest (admin/secretbox.py, under the workspace's id) and
never returned. Every change is audited in the workspace; linking an identity is audited
in each workspace the person belongs to and e-mailed to them.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from typing import Any

import msgspec
from redis.asyncio import Redis

from admin.audit import record_audit
from admin.auth import Principal, announce_auth_change, at_least
from admin.db import Connection, Database, UniqueViolation
from admin.domains import CHALLENGE_LABEL, TxtLookup, normal_hostname
from admin.errors import (
    AddressUnconfirmed,
    BadRequest,
    Conflict,
    FieldError,
    Forbidden,
    NotFound,
    ServiceUnavailable,
    validation,
)
from admin.mail import Mail, queue_mail
from admin.secretbox import SecretBox, SecretUnreadable
from admin.workspaces import repository as workspace_repo
from admin.workspaces import sso_repository as repo
from admin.workspaces.service import WorkspaceService
from admin.workspaces.sso_client import (
    ProviderError,
    ProviderUnreachable,
    SsoClient,
    check_issuer_url,
)
from admin.workspaces.sso_schemas import Sso, SsoCreate, SsoDomain, SsoUpdate
from common.ids import new_id, new_secret_token
from common.keys import sso_state_key
from common.redis_store import RedisUnavailable, redis_outage
from common.timefmt import iso_utc

logger = logging.getLogger(__name__)
STATE_TTL = 600  # seconds between leaving for the provider and coming back
CALLBACK_PATH = "/login/sso/callback"
_NO_CONNECTION = "The workspace has no single sign-on connection."


class PendingSignIn(msgspec.Struct, frozen=True):
    """What the callback must find again, kept in Redis under the state's SHA-256."""

    workspace_id: str
    issuer: str
    client_id: str
    nonce: str
    verifier: str
    next: str


class Departure(msgspec.Struct, frozen=True):
    """Where to send the browser, and the cookie value that binds the state to it."""

    url: str
    binding: str


class SsoSignedIn(msgspec.Struct, frozen=True):
    user_id: str
    credentials_version: int
    workspace_id: str
    next: str
    joined: bool


class SignInRefused(BadRequest):
    """A callback that does not complete a sign-in this browser started."""

    slug = "sso-failed"


def email_domain(email: str) -> str | None:
    local, at, domain = email.strip().rpartition("@")
    return domain.lower().removesuffix(".") if at and local and domain else None


def _digest(state: str) -> str:
    return hashlib.sha256(state.encode()).hexdigest()


def identity_provider(workspace_id: str) -> str:
    return f"sso:{workspace_id}"


def _identity_mail(base_url: str, workspace_name: str, email: str) -> tuple[str, str]:
    return (
        "Hop: single sign-on was linked to your account",
        f"Your Hop account ({email}) can now be signed in to through the single sign-on\n"
        f"of the workspace {workspace_name!r}: its identity provider vouched for your address.\n\n"
        "If you did not expect this, tell the workspace's admins, and review your account:\n"
        f"{base_url}/account\n",
    )


class SsoService:
    def __init__(
        self,
        db: Database,
        redis: Redis,
        *,
        workspaces: WorkspaceService,
        box: SecretBox,
        lookup: TxtLookup,
        client: SsoClient,
        base_url: str,
        key: bytes,
    ) -> None:
        self.db = db
        self.redis = redis
        self.workspaces = workspaces
        self.box = box
        self.lookup = lookup
        self.client = client
        self.base_url = base_url.rstrip("/")
        self.redirect_uri = self.base_url + CALLBACK_PATH
        self._key = hashlib.sha256(b"hop sso state v1\x00" + key).digest()

    # The connection (the API)

    async def _admin(self, principal: Principal, workspace_id: str, *, write: bool) -> None:
        if write:
            if not principal.verified:
                raise AddressUnconfirmed(
                    "Verify your e-mail address first: until then the account can look but "
                    "not change anything."
                )
            if principal.key_id is not None and "account:write" not in principal.scopes:
                raise Forbidden("This operation needs the scope 'account:write'.")
        role = await self.workspaces.role_in(principal, workspace_id)
        if not at_least(role, "admin"):
            raise Forbidden(
                "Single sign-on is managed with the role 'admin' (or a higher one) in the "
                f"workspace; yours is {role!r}."
            )

    def _resource(self, row: repo.ConnectionRow, domains: list[repo.DomainRow]) -> Sso:
        return Sso(
            issuer=row.issuer,
            client_id=row.client_id,
            domains=[
                SsoDomain(
                    domain=d.domain,
                    verified=d.verified_at is not None,
                    txt_name=f"{CHALLENGE_LABEL}.{d.domain}",
                    txt_value=d.token,
                    verified_at=iso_utc(d.verified_at) if d.verified_at else None,
                )
                for d in domains
            ],
            require_sso=row.require_sso,
            default_role=row.default_role,  # type: ignore[arg-type]  # the CHECK holds it
            created_at=iso_utc(row.created_at),
            updated_at=iso_utc(row.updated_at),
        )

    async def get(self, principal: Principal, workspace_id: str) -> Sso:
        await self._admin(principal, workspace_id, write=False)
        async with self.db.connection() as conn:
            row = await repo.connection(conn, workspace_id)
            if row is None:
                raise NotFound(_NO_CONNECTION)
            return self._resource(row, await repo.domains(conn, workspace_id))

    @staticmethod
    def _domains(names: list[str], field: str) -> list[str]:
        normal = [normal_hostname(name, field=field) for name in names]
        return list(dict.fromkeys(normal))

    async def _checked(self, data: SsoCreate) -> tuple[str, list[str]]:
        issuer = data.issuer.strip()
        problem = check_issuer_url(issuer)
        if problem is not None:
            raise validation([FieldError("issuer", problem)])
        domains = self._domains(data.domains, "domains")
        if not domains:
            raise validation([FieldError("domains", "must name at least one domain")])
        try:
            await self.client.discover(issuer, fresh=True)
        except (ProviderError, ProviderUnreachable, ServiceUnavailable) as exc:
            raise validation([FieldError("issuer", f"discovery failed: {exc.detail}")]) from None
        return issuer, domains

    async def save(
        self, principal: Principal, workspace_id: str, data: SsoCreate, *, replace: bool
    ) -> tuple[Sso, bool]:
        """POST (409 when one exists) or PUT (replace; its domains' proofs kept for the
        domains still listed). True: the connection is new."""
        await self._admin(principal, workspace_id, write=True)
        issuer, domains = await self._checked(data)
        new = repo.NewConnection(
            workspace_id=workspace_id,
            issuer=issuer,
            client_id=data.client_id.strip(),
            client_secret=self.box.seal(data.client_secret, workspace_id),
            require_sso=data.require_sso,
            default_role=data.default_role,
        )
        async with self.db.transaction() as conn:
            workspace = await workspace_repo.workspace(conn, workspace_id)
            if workspace is None:
                raise NotFound(f"No workspace with id {workspace_id!r}.")
            if workspace.personal_of is not None:
                raise Conflict(
                    "A personal workspace has no single sign-on: people join a team "
                    "workspace through it."
                )
            existing = await repo.connection(conn, workspace_id)
            if replace:
                row = await repo.replace_connection(conn, new)
                await repo.drop_domains_except(conn, workspace_id, domains)
            else:
                inserted = await repo.insert_connection(conn, new)
                if inserted is None:
                    raise Conflict(
                        "The workspace has a single sign-on connection already: change it "
                        "with PUT or PATCH, or delete it first."
                    )
                row = inserted
            for name in domains:
                await repo.add_domain(conn, workspace_id, name, f"hop-sso-{new_secret_token(24)}")
            action = "sso.updated" if existing is not None else "sso.configured"
            await record_audit(conn, principal, action, workspace_id, workspace_id=workspace_id)
            resource = self._resource(row, await repo.domains(conn, workspace_id))
        return resource, existing is None

    async def update(self, principal: Principal, workspace_id: str, data: SsoUpdate) -> Sso:
        await self._admin(principal, workspace_id, write=True)
        added = self._domains(data.add_domains or [], "addDomains")
        async with self.db.transaction() as conn:
            row = await repo.update_connection(
                conn, workspace_id, data.require_sso, data.default_role
            )
            if row is None:
                raise NotFound(_NO_CONNECTION)
            for name in added:
                await repo.add_domain(conn, workspace_id, name, f"hop-sso-{new_secret_token(24)}")
            await record_audit(
                conn, principal, "sso.updated", workspace_id, workspace_id=workspace_id
            )
            return self._resource(row, await repo.domains(conn, workspace_id))

    async def delete(self, principal: Principal, workspace_id: str) -> None:
        """The connection and its domains go; identities stay (a connection made again
        finds its people by the same provider name)."""
        await self._admin(principal, workspace_id, write=True)
        async with self.db.transaction() as conn:
            if not await repo.delete_connection(conn, workspace_id):
                raise NotFound(_NO_CONNECTION)
            await record_audit(
                conn, principal, "sso.deleted", workspace_id, workspace_id=workspace_id
            )

    async def verify_domain(self, principal: Principal, workspace_id: str, domain: str) -> Sso:
        """Look the TXT record up now: 200 with the domain verified, 422 while it is not
        there, 409 when another workspace proved the domain first."""
        await self._admin(principal, workspace_id, write=True)
        name = normal_hostname(domain, field="domain")
        async with self.db.connection() as conn:
            row = await repo.domain(conn, workspace_id, name)
        if row is None:
            raise NotFound(f"{name!r} is not a domain of the workspace's single sign-on.")
        record = f"{CHALLENGE_LABEL}.{name}"
        found = row.token in await self.lookup.texts(record)
        async with self.db.transaction() as conn:
            checked = await repo.mark_domain_checked(conn, workspace_id, name, found=found)
            if checked is None:
                raise NotFound(f"{name!r} is not a domain of the workspace's single sign-on.")
            if found and row.verified_at is None:
                await record_audit(
                    conn, principal, "sso.domain_verified", name, workspace_id=workspace_id
                )
            connection = await repo.connection(conn, workspace_id)
            domains = await repo.domains(conn, workspace_id)
        if checked.verified_at is None:
            raise validation(
                [FieldError("verification", f"no TXT record at {record} holds the token yet")]
            )
        if connection is None:
            raise NotFound(_NO_CONNECTION)
        return self._resource(connection, domains)

    # Signing in (the dashboard's /login/sso)

    def binding(self, state: str) -> str:
        """The cookie value that binds ``state`` to the browser that started."""
        return hmac.new(self._key, state.encode(), "sha256").hexdigest()

    async def begin(self, email: str, next_path: str) -> Departure:
        """The provider's authorization URL for the workspace whose verified domain the
        address is on; 422 when no workspace's single sign-on speaks for it."""
        domain = email_domain(email)
        if domain is None:
            raise validation([FieldError("email", "must be an e-mail address")])
        async with self.db.connection() as conn:
            row = await repo.connection_for_domain(conn, domain)
        if row is None:
            raise validation(
                [FieldError("email", "no workspace signs in people of that domain by SSO")]
            )
        begun = await self.client.begin(row.issuer, row.client_id, self.redirect_uri, email)
        pending = PendingSignIn(
            workspace_id=row.workspace_id,
            issuer=row.issuer,
            client_id=row.client_id,
            nonce=begun.nonce,
            verifier=begun.verifier,
            next=next_path,
        )
        try:
            with redis_outage():
                await self.redis.set(
                    sso_state_key(_digest(begun.state)),
                    msgspec.json.encode(pending),
                    ex=STATE_TTL,
                )
        except RedisUnavailable:
            raise _unavailable() from None
        return Departure(url=begun.url, binding=self.binding(begun.state))

    async def finish(
        self,
        *,
        state: str | None,
        code: str | None,
        error: str | None,
        cookie: str | None,
    ) -> SsoSignedIn:
        """Complete a sign-in this browser started: SignInRefused (400) for a forged,
        replayed or foreign state, a provider's refusal or a token that fails a check;
        Forbidden for an address the workspace does not speak for."""
        if not state or not cookie or not hmac.compare_digest(cookie, self.binding(state)):
            raise SignInRefused(
                "This sign-in was not started in this browser (its cookie is missing or "
                "belongs to another sign-in): start again."
            )
        try:
            with redis_outage():
                raw = await self.redis.getdel(sso_state_key(_digest(state)))
        except RedisUnavailable:
            raise _unavailable() from None
        if raw is None:
            raise SignInRefused("This sign-in is unknown, used or expired: start again.")
        pending = msgspec.json.decode(raw, type=PendingSignIn)
        if error:
            raise SignInRefused(f"The identity provider refused the sign-in ({error[:100]}).")
        if not code:
            raise SignInRefused("The identity provider sent no code.")
        async with self.db.connection() as conn:
            row = await repo.connection(conn, pending.workspace_id)
        if row is None or (row.issuer, row.client_id) != (pending.issuer, pending.client_id):
            raise SignInRefused("The workspace's single sign-on changed meanwhile: start again.")
        try:
            secret = self.box.open(row.client_secret, row.workspace_id)
        except SecretUnreadable:
            logger.exception("sso client secret unreadable", extra={"action": "sso.secret"})
            raise ServiceUnavailable("The single sign-on connection cannot be used.") from None
        try:
            id_token = await self.client.exchange(
                row.issuer,
                row.client_id,
                secret,
                code=code,
                verifier=pending.verifier,
                redirect_uri=self.redirect_uri,
            )
            claims = await self.client.verify(row.issuer, row.client_id, id_token, pending.nonce)
        except ProviderError as exc:
            logger.info(
                "sso sign-in refused",
                extra={"action": "sso.refused", "workspace_id": row.workspace_id},
            )
            raise SignInRefused(exc.detail) from None
        return await self._sign_in(row, claims, pending.next)

    async def _sign_in(
        self, row: repo.ConnectionRow, claims: dict[str, Any], next_path: str
    ) -> SsoSignedIn:
        subject, email = claims.get("sub"), claims.get("email")
        if not isinstance(subject, str) or not subject:
            raise SignInRefused("The ID token names no subject.")
        if not isinstance(email, str) or email_domain(email) is None:
            raise SignInRefused("The ID token holds no e-mail address (ask for the email scope).")
        if claims.get("email_verified") is False:
            raise Forbidden("The identity provider says the address is not verified.")
        email = email.strip()
        domain = email_domain(email)
        assert domain is not None
        provider = identity_provider(row.workspace_id)
        try:
            async with self.db.transaction() as conn:
                if not await repo.domain_verified_in(conn, row.workspace_id, domain):
                    raise Forbidden(
                        f"{domain!r} is not a verified domain of this workspace's single sign-on."
                    )
                user_id, linked, taken_back = await self._person(conn, provider, subject, email)
                joined = await repo.join_workspace(
                    conn, row.workspace_id, user_id, row.default_role
                )
                if joined:
                    await record_audit(
                        conn, None, "member.joined_by_sso", user_id, workspace_id=row.workspace_id
                    )
                if linked:
                    for workspace_id in await repo.workspaces_of(conn, user_id):
                        await record_audit(
                            conn, None, "identity.linked", provider, workspace_id=workspace_id
                        )
                    name = await self._workspace_name(conn, row.workspace_id)
                    subject_line, body = _identity_mail(self.base_url, name, email)
                    await queue_mail(conn, Mail(email, subject_line, body))
                await record_audit(
                    conn, None, "sso.signed_in", user_id, workspace_id=row.workspace_id
                )
                version = await repo.credentials_version(conn, user_id)
        except UniqueViolation:
            # Two first sign-ins of one person at once: the other made the rows.
            raise Conflict("This sign-in raced another one of yours: start again.") from None
        if joined or taken_back:
            await announce_auth_change(self.redis, f"sso:{row.workspace_id}:{user_id}")
        logger.info(
            "sso sign-in",
            extra={"action": "sso.signed_in", "workspace_id": row.workspace_id, "user_id": user_id},
        )
        return SsoSignedIn(
            user_id=user_id,
            credentials_version=version,
            workspace_id=row.workspace_id,
            next=next_path,
            joined=joined,
        )

    async def _person(
        self, conn: Connection, provider: str, subject: str, email: str
    ) -> tuple[str, bool, bool]:
        """The person the identity is, linked or made now: (user, linked now, an
        unconfirmed account taken back)."""
        user_id = await repo.identity_user(conn, provider, subject)
        if user_id is not None:
            return user_id, False, False
        existing = await repo.user_by_email(conn, email)
        taken_back = False
        if existing is None:
            user_id = new_id("usr")
            await repo.insert_user(conn, user_id, email)
        else:
            user_id = existing.id
            taken_back = await repo.take_back_unconfirmed(conn, user_id)
        await repo.insert_identity(
            conn,
            identity_id=new_id("uid"),
            user_id=user_id,
            provider=provider,
            subject=subject,
            email=email,
        )
        return user_id, True, taken_back

    async def _workspace_name(self, conn: Connection, workspace_id: str) -> str:
        found = await workspace_repo.workspace(conn, workspace_id)
        return found.name if found else workspace_id

    async def required_for(self, email: str) -> bool:
        """Whether a workspace requires single sign-on of this address."""
        domain = email_domain(email)
        if domain is None:
            return False
        async with self.db.connection() as conn:
            row = await repo.connection_for_domain(conn, domain)
        return bool(row and row.require_sso)


def _unavailable() -> ServiceUnavailable:
    error = ServiceUnavailable("Single sign-on is unavailable for a moment; retry shortly.")
    error.headers["Retry-After"] = "5"
    return error
