from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_analytics import AccountAnalytics
from ...models.get_account_analytics_interval import GetAccountAnalyticsInterval
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    interval: GetAccountAnalyticsInterval | Unset = "day",
    include_bots: bool | Unset = False,
    top: int | Unset = 10,
    include_archived: bool | Unset = False,
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

    json_interval: str | Unset = UNSET
    if not isinstance(interval, Unset):
        json_interval = interval

    params["interval"] = json_interval

    params["includeBots"] = include_bots

    params["top"] = top

    params["includeArchived"] = include_archived

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/analytics",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AccountAnalytics | Problem | None:
    if response.status_code == 200:
        response_200 = AccountAnalytics.from_dict(response.json())

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
) -> Response[AccountAnalytics | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    interval: GetAccountAnalyticsInterval | Unset = "day",
    include_bots: bool | Unset = False,
    top: int | Unset = 10,
    include_archived: bool | Unset = False,
) -> Response[AccountAnalytics | Problem]:
    """Get the account's clicks

     Clicks of all your links in [from, to): totals, a series by hour, day or week,
    the `top` most clicked links and the breakdown (docs/analytics.md#account).
    Archived links are left out unless `includeArchived=true`.

    Args:
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        interval (GetAccountAnalyticsInterval | Unset): The series' bucket: hour, day (the
            default) or week. Default: 'day'.
        include_bots (bool | Unset):  Default: False.
        top (int | Unset):  Default: 10.
        include_archived (bool | Unset): Count the clicks of archived links too (left out by
            default). Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountAnalytics | Problem]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        interval=interval,
        include_bots=include_bots,
        top=top,
        include_archived=include_archived,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    interval: GetAccountAnalyticsInterval | Unset = "day",
    include_bots: bool | Unset = False,
    top: int | Unset = 10,
    include_archived: bool | Unset = False,
) -> AccountAnalytics | Problem | None:
    """Get the account's clicks

     Clicks of all your links in [from, to): totals, a series by hour, day or week,
    the `top` most clicked links and the breakdown (docs/analytics.md#account).
    Archived links are left out unless `includeArchived=true`.

    Args:
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        interval (GetAccountAnalyticsInterval | Unset): The series' bucket: hour, day (the
            default) or week. Default: 'day'.
        include_bots (bool | Unset):  Default: False.
        top (int | Unset):  Default: 10.
        include_archived (bool | Unset): Count the clicks of archived links too (left out by
            default). Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountAnalytics | Problem
    """

    return sync_detailed(
        client=client,
        from_=from_,
        to=to,
        interval=interval,
        include_bots=include_bots,
        top=top,
        include_archived=include_archived,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    interval: GetAccountAnalyticsInterval | Unset = "day",
    include_bots: bool | Unset = False,
    top: int | Unset = 10,
    include_archived: bool | Unset = False,
) -> Response[AccountAnalytics | Problem]:
    """Get the account's clicks

     Clicks of all your links in [from, to): totals, a series by hour, day or week,
    the `top` most clicked links and the breakdown (docs/analytics.md#account).
    Archived links are left out unless `includeArchived=true`.

    Args:
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        interval (GetAccountAnalyticsInterval | Unset): The series' bucket: hour, day (the
            default) or week. Default: 'day'.
        include_bots (bool | Unset):  Default: False.
        top (int | Unset):  Default: 10.
        include_archived (bool | Unset): Count the clicks of archived links too (left out by
            default). Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountAnalytics | Problem]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        interval=interval,
        include_bots=include_bots,
        top=top,
        include_archived=include_archived,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    interval: GetAccountAnalyticsInterval | Unset = "day",
    include_bots: bool | Unset = False,
    top: int | Unset = 10,
    include_archived: bool | Unset = False,
) -> AccountAnalytics | Problem | None:
    """Get the account's clicks

     Clicks of all your links in [from, to): totals, a series by hour, day or week,
    the `top` most clicked links and the breakdown (docs/analytics.md#account).
    Archived links are left out unless `includeArchived=true`.

    Args:
        from_ (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        to (None | str | Unset): ISO 8601 date (UTC midnight) or date-time.
        interval (GetAccountAnalyticsInterval | Unset): The series' bucket: hour, day (the
            default) or week. Default: 'day'.
        include_bots (bool | Unset):  Default: False.
        top (int | Unset):  Default: 10.
        include_archived (bool | Unset): Count the clicks of archived links too (left out by
            default). Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountAnalytics | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
            interval=interval,
            include_bots=include_bots,
            top=top,
            include_archived=include_archived,
        )
    ).parsed
