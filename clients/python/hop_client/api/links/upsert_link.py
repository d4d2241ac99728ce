from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.link import Link
from ...models.link_create import LinkCreate
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: LinkCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/links/upsert",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Link | Problem | None:
    if response.status_code == 200:
        response_200 = Link.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = Link.from_dict(response.json())

        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Link | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: LinkCreate,
) -> Response[Link | Problem]:
    """Create or update a link

     The body of POST /v1/links. Updates (200) your link with the same `externalId`;
    without one and without `alias`, your link to the same `longUrl` on the same
    domain; else creates one (201, with Location). An update makes the link what the
    body says (a field left out: its create default), but keeps its alias, domain,
    password, externalId and archived state unless given. Two upserts of the same
    link at once make one. Send `Idempotency-Key` to make retries safe.

    Args:
        body (LinkCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Link | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: LinkCreate,
) -> Link | Problem | None:
    """Create or update a link

     The body of POST /v1/links. Updates (200) your link with the same `externalId`;
    without one and without `alias`, your link to the same `longUrl` on the same
    domain; else creates one (201, with Location). An update makes the link what the
    body says (a field left out: its create default), but keeps its alias, domain,
    password, externalId and archived state unless given. Two upserts of the same
    link at once make one. Send `Idempotency-Key` to make retries safe.

    Args:
        body (LinkCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Link | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: LinkCreate,
) -> Response[Link | Problem]:
    """Create or update a link

     The body of POST /v1/links. Updates (200) your link with the same `externalId`;
    without one and without `alias`, your link to the same `longUrl` on the same
    domain; else creates one (201, with Location). An update makes the link what the
    body says (a field left out: its create default), but keeps its alias, domain,
    password, externalId and archived state unless given. Two upserts of the same
    link at once make one. Send `Idempotency-Key` to make retries safe.

    Args:
        body (LinkCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Link | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: LinkCreate,
) -> Link | Problem | None:
    """Create or update a link

     The body of POST /v1/links. Updates (200) your link with the same `externalId`;
    without one and without `alias`, your link to the same `longUrl` on the same
    domain; else creates one (201, with Location). An update makes the link what the
    body says (a field left out: its create default), but keeps its alias, domain,
    password, externalId and archived state unless given. Two upserts of the same
    link at once make one. Send `Idempotency-Key` to make retries safe.

    Args:
        body (LinkCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Link | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
