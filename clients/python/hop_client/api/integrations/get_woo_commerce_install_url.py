from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.install_url import InstallUrl
from ...models.problem import Problem
from ...types import UNSET, Response


def _get_kwargs(
    *,
    store_url: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["storeUrl"] = store_url

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/integrations/woocommerce/install",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InstallUrl | Problem | None:
    if response.status_code == 200:
        response_200 = InstallUrl.from_dict(response.json())

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
) -> Response[InstallUrl | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    store_url: str,
) -> Response[InstallUrl | Problem]:
    """Start a WooCommerce connection

     The WooCommerce authorize URL for the store owner (state valid 10 minutes). The
    answer sets an install cookie: the install completes only in the browser holding
    it.

    Args:
        store_url (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InstallUrl | Problem]
    """

    kwargs = _get_kwargs(
        store_url=store_url,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    store_url: str,
) -> InstallUrl | Problem | None:
    """Start a WooCommerce connection

     The WooCommerce authorize URL for the store owner (state valid 10 minutes). The
    answer sets an install cookie: the install completes only in the browser holding
    it.

    Args:
        store_url (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InstallUrl | Problem
    """

    return sync_detailed(
        client=client,
        store_url=store_url,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    store_url: str,
) -> Response[InstallUrl | Problem]:
    """Start a WooCommerce connection

     The WooCommerce authorize URL for the store owner (state valid 10 minutes). The
    answer sets an install cookie: the install completes only in the browser holding
    it.

    Args:
        store_url (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InstallUrl | Problem]
    """

    kwargs = _get_kwargs(
        store_url=store_url,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    store_url: str,
) -> InstallUrl | Problem | None:
    """Start a WooCommerce connection

     The WooCommerce authorize URL for the store owner (state valid 10 minutes). The
    answer sets an install cookie: the install completes only in the browser holding
    it.

    Args:
        store_url (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InstallUrl | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            store_url=store_url,
        )
    ).parsed
