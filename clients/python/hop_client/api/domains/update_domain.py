from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.domain import Domain
from ...models.domain_update import DomainUpdate
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    domain_id: str,
    *,
    body: DomainUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/domains/{domain_id}".format(
            domain_id=quote(str(domain_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Domain | Problem | None:
    if response.status_code == 200:
        response_200 = Domain.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Domain | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    domain_id: str,
    *,
    client: AuthenticatedClient,
    body: DomainUpdate,
) -> Response[Domain | Problem]:
    """Update a custom domain

     Set where the edge redirects unknown codes on the domain (`notFoundUrl`; null:
    the 404 page; such visits are still counted as orphan visits), and whether its
    codes are case-sensitive (`caseSensitive`; false while two codes differ only in
    case: 409 case-clash, naming them in `clashes`). Fields left out stay as they are.

    Args:
        domain_id (str): A domain id (dom_…).
        body (DomainUpdate): Each field optional: what is left out stays as it is.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Domain | Problem]
    """

    kwargs = _get_kwargs(
        domain_id=domain_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    domain_id: str,
    *,
    client: AuthenticatedClient,
    body: DomainUpdate,
) -> Domain | Problem | None:
    """Update a custom domain

     Set where the edge redirects unknown codes on the domain (`notFoundUrl`; null:
    the 404 page; such visits are still counted as orphan visits), and whether its
    codes are case-sensitive (`caseSensitive`; false while two codes differ only in
    case: 409 case-clash, naming them in `clashes`). Fields left out stay as they are.

    Args:
        domain_id (str): A domain id (dom_…).
        body (DomainUpdate): Each field optional: what is left out stays as it is.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Domain | Problem
    """

    return sync_detailed(
        domain_id=domain_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    domain_id: str,
    *,
    client: AuthenticatedClient,
    body: DomainUpdate,
) -> Response[Domain | Problem]:
    """Update a custom domain

     Set where the edge redirects unknown codes on the domain (`notFoundUrl`; null:
    the 404 page; such visits are still counted as orphan visits), and whether its
    codes are case-sensitive (`caseSensitive`; false while two codes differ only in
    case: 409 case-clash, naming them in `clashes`). Fields left out stay as they are.

    Args:
        domain_id (str): A domain id (dom_…).
        body (DomainUpdate): Each field optional: what is left out stays as it is.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Domain | Problem]
    """

    kwargs = _get_kwargs(
        domain_id=domain_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    domain_id: str,
    *,
    client: AuthenticatedClient,
    body: DomainUpdate,
) -> Domain | Problem | None:
    """Update a custom domain

     Set where the edge redirects unknown codes on the domain (`notFoundUrl`; null:
    the 404 page; such visits are still counted as orphan visits), and whether its
    codes are case-sensitive (`caseSensitive`; false while two codes differ only in
    case: 409 case-clash, naming them in `clashes`). Fields left out stay as they are.

    Args:
        domain_id (str): A domain id (dom_…).
        body (DomainUpdate): Each field optional: what is left out stays as it is.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Domain | Problem
    """

    return (
        await asyncio_detailed(
            domain_id=domain_id,
            client=client,
            body=body,
        )
    ).parsed
