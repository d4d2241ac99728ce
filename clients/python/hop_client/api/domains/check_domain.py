from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.domain_check import DomainCheck
from ...models.problem import Problem
from ...types import UNSET, Response


def _get_kwargs(
    *,
    domain: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["domain"] = domain

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/domains/check",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DomainCheck | Problem | None:
    if response.status_code == 200:
        response_200 = DomainCheck.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[DomainCheck | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    domain: str,
) -> Response[DomainCheck | Problem]:
    """Check that a domain is verified

     Public, for a TLS proxy's on-demand certificates (Caddy's `ask`): 200 for a
    domain the edges serve, 404 for any other name. Answered from the set the edges
    route by, and limited by no rate limit (docs/operations.md#custom-domains).

    Args:
        domain (str): A host name (any case, a final dot allowed).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DomainCheck | Problem]
    """

    kwargs = _get_kwargs(
        domain=domain,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    domain: str,
) -> DomainCheck | Problem | None:
    """Check that a domain is verified

     Public, for a TLS proxy's on-demand certificates (Caddy's `ask`): 200 for a
    domain the edges serve, 404 for any other name. Answered from the set the edges
    route by, and limited by no rate limit (docs/operations.md#custom-domains).

    Args:
        domain (str): A host name (any case, a final dot allowed).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DomainCheck | Problem
    """

    return sync_detailed(
        client=client,
        domain=domain,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    domain: str,
) -> Response[DomainCheck | Problem]:
    """Check that a domain is verified

     Public, for a TLS proxy's on-demand certificates (Caddy's `ask`): 200 for a
    domain the edges serve, 404 for any other name. Answered from the set the edges
    route by, and limited by no rate limit (docs/operations.md#custom-domains).

    Args:
        domain (str): A host name (any case, a final dot allowed).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DomainCheck | Problem]
    """

    kwargs = _get_kwargs(
        domain=domain,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    domain: str,
) -> DomainCheck | Problem | None:
    """Check that a domain is verified

     Public, for a TLS proxy's on-demand certificates (Caddy's `ask`): 200 for a
    domain the edges serve, 404 for any other name. Answered from the set the edges
    route by, and limited by no rate limit (docs/operations.md#custom-domains).

    Args:
        domain (str): A host name (any case, a final dot allowed).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DomainCheck | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            domain=domain,
        )
    ).parsed
