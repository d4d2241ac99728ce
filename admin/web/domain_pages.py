"""Custom domains: the list with the links on each, add one, its TXT record to publish,
verify it now, its settings (the not-found destination; the case rule of its codes once
the API has it), delete it after saying what that does. Every action goes through
DomainService, exactly as /v1/domains does, with the API's role rules."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, get, post
from litestar.params import Parameter
from litestar.response import Template

from admin.domains.schemas import Domain, DomainCreate, DomainUpdate
from admin.domains.service import DomainService
from admin.errors import HopError, ServiceUnavailable
from admin.web.forms import NO_ERRORS, FormErrors, decode, read_form, text
from admin.web.page import Page

DomainId = Annotated[str, Parameter(max_length=64)]
# Who may change domains: as the API's routes (admin/domains/routes.py).
_WRITE = {"scope": "links:write", "role": "admin"}


async def _list_page(
    page: Page,
    domains: DomainService,
    form: dict[str, Any],
    errors: FormErrors,
    status: int = 200,
) -> Template:
    listing = (await domains.list(page.user)).data
    counts = await domains.link_counts(page.user, [d.hostname for d in listing])
    return await page.render(
        "domains.html", status=status, domains=listing, counts=counts, form=form, errors=errors
    )


@get("/domains", opt={"scope": "links:read"})
async def domains_page(page: Page, domains: DomainService) -> Template:
    return await _list_page(page, domains, {"hostname": ""}, NO_ERRORS)


@post("/domains", opt=_WRITE)
async def add_domain(request: Request[Any, Any, Any], page: Page, domains: DomainService) -> Any:
    body = {"hostname": text(await read_form(request), "hostname").strip()}
    try:
        added = await domains.create(page.user, decode(body, DomainCreate).hostname)
    except HopError as exc:
        if exc.status >= 500:
            raise
        return await _list_page(page, domains, body, FormErrors.of(exc), status=exc.status)
    await page.flash("success", f"{added.hostname} added: publish its TXT record, then verify.")
    return page.redirect(f"/domains/{added.id}")


def _settings_form(domain: Domain) -> dict[str, Any]:
    return {
        "notFoundUrl": domain.not_found_url or "",
        "caseSensitive": domain.case_sensitive,
    }


async def _detail_page(
    page: Page,
    domains: DomainService,
    domain_id: str,
    *,
    form: dict[str, Any] | None = None,
    errors: FormErrors = NO_ERRORS,
    status: int = 200,
) -> Template:
    domain = await domains.get(page.user, domain_id)
    counts = await domains.link_counts(page.user, [domain.hostname])
    return await page.render(
        "domain.html",
        status=status,
        domain=domain,
        links=counts[domain.hostname],
        # What was posted over what is saved (a field left out shows its saved value).
        form={**_settings_form(domain), **(form or {})},
        errors=errors,
    )


@get("/domains/{domain_id:str}", opt={"scope": "links:read"})
async def domain_page(page: Page, domains: DomainService, domain_id: DomainId) -> Template:
    return await _detail_page(page, domains, domain_id)


def _settings_body(values: dict[str, Any]) -> dict[str, Any]:
    """The JSON body PATCH /v1/domains/:id takes for this form (an empty URL: null)."""
    body: dict[str, Any] = {"notFoundUrl": text(values, "notFoundUrl").strip() or None}
    if "caseSensitive" in values:
        # Left out (not posted): the rule stays as it is.
        body["caseSensitive"] = text(values, "caseSensitive") == "true"
    return body


@post("/domains/{domain_id:str}", opt=_WRITE)
async def update_domain(
    request: Request[Any, Any, Any], page: Page, domains: DomainService, domain_id: DomainId
) -> Any:
    body = _settings_body(await read_form(request))
    try:
        await domains.update(page.user, domain_id, decode(body, DomainUpdate))
    except HopError as exc:
        if exc.status >= 500 or exc.status == 404:
            raise
        form = {**body, "notFoundUrl": body["notFoundUrl"] or ""}
        return await _detail_page(
            page, domains, domain_id, form=form, errors=FormErrors.of(exc), status=exc.status
        )
    await page.flash("success", "Saved.")
    return page.redirect(f"/domains/{domain_id}")


@post("/domains/{domain_id:str}/verify", opt=_WRITE)
async def verify_domain(page: Page, domains: DomainService, domain_id: DomainId) -> Any:
    """The lookup's outcome said on the page: the record found (a flash), or what DNS
    found instead beside the record to publish (422; a verified domain stays verified
    until the regular checks make it lapse), or that DNS did not answer (503)."""
    try:
        verified = await domains.verify(page.user, domain_id, require_record=True)
    except HopError as exc:
        if exc.status == 404 or (exc.status >= 500 and not isinstance(exc, ServiceUnavailable)):
            raise
        return await _detail_page(
            page, domains, domain_id, errors=FormErrors.of(exc), status=exc.status
        )
    await page.flash("success", f"Verified: {verified.hostname} answers your short links.")
    return page.redirect(f"/domains/{domain_id}")


@get("/domains/{domain_id:str}/delete", opt=_WRITE)
async def confirm_delete(page: Page, domains: DomainService, domain_id: DomainId) -> Template:
    domain = await domains.get(page.user, domain_id)
    counts = await domains.link_counts(page.user, [domain.hostname])
    return await page.render(
        "domain_delete.html", domain=domain, links=counts[domain.hostname], errors=NO_ERRORS
    )


@post("/domains/{domain_id:str}/delete", opt=_WRITE)
async def delete_domain(page: Page, domains: DomainService, domain_id: DomainId) -> Any:
    try:
        await domains.delete(page.user, domain_id)
    except HopError as exc:
        if exc.status != 409:
            raise
        # Links arrived since the confirmation page was drawn: it says so now.
        domain = await domains.get(page.user, domain_id)
        counts = await domains.link_counts(page.user, [domain.hostname])
        return await page.render(
            "domain_delete.html",
            status=409,
            domain=domain,
            links=counts[domain.hostname],
            errors=FormErrors.of(exc, detail=exc.detail),
        )
    await page.flash("success", "The domain is deleted.")
    return page.redirect("/domains")


ROUTES = [
    domains_page,
    add_domain,
    domain_page,
    update_domain,
    verify_domain,
    confirm_delete,
    delete_domain,
]
