"""/v1/domains: thin handlers over DomainService."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, delete, get, patch, post
from litestar.params import Parameter

from admin.api.body import JsonBody
from admin.api.operations import problems
from admin.auth import Principal
from admin.domains.schemas import (
    HOSTNAME_PATTERN,
    Domain,
    DomainCheck,
    DomainCreate,
    DomainList,
    DomainUpdate,
)
from admin.domains.service import DomainService

DomainId = Annotated[str, Parameter(description="A domain id (dom_…).", max_length=64)]


class DomainController(Controller):
    path = "/v1/domains"
    tags = ["domains"]

    @post(
        "/",
        dto=JsonBody[DomainCreate],
        return_dto=None,
        status_code=201,
        opt={"scope": "links:write", "role": "admin"},
        responses=problems(400, 401, 403, 409, 422),
        operation_id="createDomain",
        summary="Add a custom domain",
    )
    async def add_domain(
        self, data: DomainCreate, principal: Principal, domains: DomainService
    ) -> Response[Domain]:
        """Add a domain of yours; publish the TXT record it names, then verify it."""
        domain = await domains.create(principal, data.hostname)
        return Response(domain, status_code=201, headers={"Location": f"/v1/domains/{domain.id}"})

    @get(
        "/",
        opt={"scope": "links:read"},
        responses=problems(401, 403),
        operation_id="listDomains",
        summary="List custom domains",
    )
    async def list_domains(self, principal: Principal, domains: DomainService) -> DomainList:
        """Your domains, oldest first."""
        return await domains.list(principal)

    @get(
        "/check",
        security=[{}],
        responses=problems(404, 422),
        operation_id="checkDomain",
        summary="Check that a domain is verified",
    )
    async def check_domain(
        self,
        domains: DomainService,
        domain: Annotated[
            str,
            Parameter(
                min_length=1,
                max_length=253,
                pattern=HOSTNAME_PATTERN,
                description="A host name (any case, a final dot allowed).",
            ),
        ],
    ) -> DomainCheck:
        """Public, for a TLS proxy's on-demand certificates (Caddy's `ask`): 200 for a
        domain the edges serve, 404 for any other name. Answered from the set the edges
        route by, and limited by no rate limit (docs/operations.md#custom-domains)."""
        return await domains.check(domain)

    @get(
        "/{domain_id:str}",
        opt={"scope": "links:read"},
        responses=problems(401, 403, 404),
        operation_id="getDomain",
        summary="Get a custom domain",
    )
    async def get_domain(
        self, domain_id: DomainId, principal: Principal, domains: DomainService
    ) -> Domain:
        """One domain."""
        return await domains.get(principal, domain_id)

    @patch(
        "/{domain_id:str}",
        dto=JsonBody[DomainUpdate],
        return_dto=None,
        opt={"scope": "links:write", "role": "admin"},
        responses=problems(400, 401, 403, 404, 409, 422),
        operation_id="updateDomain",
        summary="Update a custom domain",
    )
    async def update_domain(
        self, domain_id: DomainId, data: DomainUpdate, principal: Principal, domains: DomainService
    ) -> Domain:
        """Set where the edge redirects unknown codes on the domain (`notFoundUrl`; null:
        the 404 page; such visits are still counted as orphan visits), and whether its
        codes are case-sensitive (`caseSensitive`; false while two codes differ only in
        case: 409 case-clash, naming them in `clashes`). Fields left out stay as they are."""
        return await domains.update(principal, domain_id, data)

    @delete(
        "/{domain_id:str}",
        opt={"scope": "links:write", "role": "admin"},
        responses=problems(401, 403, 404),
        operation_id="deleteDomain",
        summary="Remove a custom domain",
    )
    async def delete_domain(
        self, domain_id: DomainId, principal: Principal, domains: DomainService
    ) -> None:
        """Remove a domain; another account may then prove and take it."""
        await domains.delete(principal, domain_id)

    @post(
        "/{domain_id:str}/verify",
        status_code=200,
        opt={"scope": "links:write", "role": "admin"},
        responses=problems(401, 403, 404, 409, 422),
        operation_id="verifyDomain",
        summary="Verify a domain's TXT record",
    )
    async def verify_domain(
        self, domain_id: DomainId, principal: Principal, domains: DomainService
    ) -> Domain:
        """Look up the TXT record now: 200 with the domain verified, 422 while the record
        is not there (DNS may take a while to show it), 409 if another account verified
        the name first, 503 if DNS does not answer."""
        return await domains.verify(principal, domain_id)
