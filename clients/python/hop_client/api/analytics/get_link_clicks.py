from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.link_clicks import LinkClicks
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    link_id: str,
    *,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    include_bots: bool | Unset = False,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

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

    params["includeBots"] = include_bots

    params["limit"] = limit

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/links/{link_id}/clicks".format(
            link_id=quote(str(link_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LinkClicks | Problem | None:
    if response.status_code == 200:
        response_200 = LinkClicks.from_dict(response.json())

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
) -> Response[LinkClicks | Problem]:
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
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    include_bots: bool | Unset = False,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
) -> Response[LinkClicks | Problem]:
    """Get a link's clicks

     Totals, breakdown and click history (newest first) of one link in [from, to).

    Args:
        link_id (str):
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        include_bots (bool | Unset):  Default: False.
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LinkClicks | Problem]
    """

    kwargs = _get_kwargs(
        link_id=link_id,
        from_=from_,
        to=to,
        include_bots=include_bots,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    link_id: str,
    *,
    client: AuthenticatedClient,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    include_bots: bool | Unset = False,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
) -> LinkClicks | Problem | None:
    """Get a link's clicks

     Totals, breakdown and click history (newest first) of one link in [from, to).

    Args:
        link_id (str):
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        include_bots (bool | Unset):  Default: False.
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LinkClicks | Problem
    """

    return sync_detailed(
        link_id=link_id,
        client=client,
        from_=from_,
        to=to,
        include_bots=include_bots,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    link_id: str,
    *,
    client: AuthenticatedClient,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    include_bots: bool | Unset = False,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
) -> Response[LinkClicks | Problem]:
    """Get a link's clicks

     Totals, breakdown and click history (newest first) of one link in [from, to).

    Args:
        link_id (str):
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        include_bots (bool | Unset):  Default: False.
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LinkClicks | Problem]
    """

    kwargs = _get_kwargs(
        link_id=link_id,
        from_=from_,
        to=to,
        include_bots=include_bots,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    link_id: str,
    *,
    client: AuthenticatedClient,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    include_bots: bool | Unset = False,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
) -> LinkClicks | Problem | None:
    """Get a link's clicks

     Totals, breakdown and click history (newest first) of one link in [from, to).

    Args:
        link_id (str):
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        include_bots (bool | Unset):  Default: False.
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LinkClicks | Problem
    """

    return (
        await asyncio_detailed(
            link_id=link_id,
            client=client,
            from_=from_,
            to=to,
            include_bots=include_bots,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
