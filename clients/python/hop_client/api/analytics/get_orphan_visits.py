from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.orphan_visits import OrphanVisits
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    domain: None | str | Unset = UNSET,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_domain: None | str | Unset
    if isinstance(domain, Unset):
        json_domain = UNSET
    else:
        json_domain = domain
    params["domain"] = json_domain

    json_from_: None | str | Unset
    if isinstance(from_, Unset):
        json_from_ = UNSET
    else:
        json_from_ = from_
    params["from"] = json_from_

    json_to: None | str | Unset
    if isinstance(to, Unset):
        json_to = UNSET
    else:
        json_to = to
    params["to"] = json_to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/analytics/orphans",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> OrphanVisits | Problem | None:
    if response.status_code == 200:
        response_200 = OrphanVisits.from_dict(response.json())

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
) -> Response[OrphanVisits | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    domain: None | str | Unset = UNSET,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
) -> Response[OrphanVisits | Problem]:
    """Get a domain's orphan visits

     Visits that found no link on a domain in [from, to) (whole UTC days, the last
    30 by default): unknown codes and paths, the bare host, expired and deleted links;
    totals by type with bots apart, a daily series, the top paths and referrer hosts
    (docs/analytics.md#orphans).

    Args:
        domain (None | str | Unset): One of your verified custom domains; omitted: the default
            short host (the operator's workspace only, HOP_ORPHANS_WORKSPACE).
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrphanVisits | Problem]
    """

    kwargs = _get_kwargs(
        domain=domain,
        from_=from_,
        to=to,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    domain: None | str | Unset = UNSET,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
) -> OrphanVisits | Problem | None:
    """Get a domain's orphan visits

     Visits that found no link on a domain in [from, to) (whole UTC days, the last
    30 by default): unknown codes and paths, the bare host, expired and deleted links;
    totals by type with bots apart, a daily series, the top paths and referrer hosts
    (docs/analytics.md#orphans).

    Args:
        domain (None | str | Unset): One of your verified custom domains; omitted: the default
            short host (the operator's workspace only, HOP_ORPHANS_WORKSPACE).
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrphanVisits | Problem
    """

    return sync_detailed(
        client=client,
        domain=domain,
        from_=from_,
        to=to,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    domain: None | str | Unset = UNSET,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
) -> Response[OrphanVisits | Problem]:
    """Get a domain's orphan visits

     Visits that found no link on a domain in [from, to) (whole UTC days, the last
    30 by default): unknown codes and paths, the bare host, expired and deleted links;
    totals by type with bots apart, a daily series, the top paths and referrer hosts
    (docs/analytics.md#orphans).

    Args:
        domain (None | str | Unset): One of your verified custom domains; omitted: the default
            short host (the operator's workspace only, HOP_ORPHANS_WORKSPACE).
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrphanVisits | Problem]
    """

    kwargs = _get_kwargs(
        domain=domain,
        from_=from_,
        to=to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    domain: None | str | Unset = UNSET,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
) -> OrphanVisits | Problem | None:
    """Get a domain's orphan visits

     Visits that found no link on a domain in [from, to) (whole UTC days, the last
    30 by default): unknown codes and paths, the bare host, expired and deleted links;
    totals by type with bots apart, a daily series, the top paths and referrer hosts
    (docs/analytics.md#orphans).

    Args:
        domain (None | str | Unset): One of your verified custom domains; omitted: the default
            short host (the operator's workspace only, HOP_ORPHANS_WORKSPACE).
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrphanVisits | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            domain=domain,
            from_=from_,
            to=to,
        )
    ).parsed
