from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    link_id: str,
    *,
    purge_clicks: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["purgeClicks"] = purge_clicks

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/links/{link_id}".format(
            link_id=quote(str(link_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    link_id: str,
    *,
    client: AuthenticatedClient,
    purge_clicks: bool | Unset = False,
) -> Response[Any | Problem]:
    """Delete a link

     Delete a link; its short URL answers 410 Gone from then on, and its code stays
    reserved for you (HOP_CODE_RESERVATION_DAYS) before anyone else may take it. With
    `purgeClicks=true` nothing of its visits is kept.

    Args:
        link_id (str): A link id (lnk_…).
        purge_clicks (bool | Unset): Also delete everything stored of its clicks: the raw clicks,
            their daily counts and unique visitors (the workspace's totals drop by them), and those
            still on their way (docs/privacy.md). Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        link_id=link_id,
        purge_clicks=purge_clicks,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    link_id: str,
    *,
    client: AuthenticatedClient,
    purge_clicks: bool | Unset = False,
) -> Any | Problem | None:
    """Delete a link

     Delete a link; its short URL answers 410 Gone from then on, and its code stays
    reserved for you (HOP_CODE_RESERVATION_DAYS) before anyone else may take it. With
    `purgeClicks=true` nothing of its visits is kept.

    Args:
        link_id (str): A link id (lnk_…).
        purge_clicks (bool | Unset): Also delete everything stored of its clicks: the raw clicks,
            their daily counts and unique visitors (the workspace's totals drop by them), and those
            still on their way (docs/privacy.md). Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        link_id=link_id,
        client=client,
        purge_clicks=purge_clicks,
    ).parsed


async def asyncio_detailed(
    link_id: str,
    *,
    client: AuthenticatedClient,
    purge_clicks: bool | Unset = False,
) -> Response[Any | Problem]:
    """Delete a link

     Delete a link; its short URL answers 410 Gone from then on, and its code stays
    reserved for you (HOP_CODE_RESERVATION_DAYS) before anyone else may take it. With
    `purgeClicks=true` nothing of its visits is kept.

    Args:
        link_id (str): A link id (lnk_…).
        purge_clicks (bool | Unset): Also delete everything stored of its clicks: the raw clicks,
            their daily counts and unique visitors (the workspace's totals drop by them), and those
            still on their way (docs/privacy.md). Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        link_id=link_id,
        purge_clicks=purge_clicks,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    link_id: str,
    *,
    client: AuthenticatedClient,
    purge_clicks: bool | Unset = False,
) -> Any | Problem | None:
    """Delete a link

     Delete a link; its short URL answers 410 Gone from then on, and its code stays
    reserved for you (HOP_CODE_RESERVATION_DAYS) before anyone else may take it. With
    `purgeClicks=true` nothing of its visits is kept.

    Args:
        link_id (str): A link id (lnk_…).
        purge_clicks (bool | Unset): Also delete everything stored of its clicks: the raw clicks,
            their daily counts and unique visitors (the workspace's totals drop by them), and those
            still on their way (docs/privacy.md). Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            link_id=link_id,
            client=client,
            purge_clicks=purge_clicks,
        )
    ).parsed
