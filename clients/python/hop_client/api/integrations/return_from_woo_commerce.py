from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.callback_done import CallbackDone
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    success: None | str | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_success: None | str | Unset
    if isinstance(success, Unset):
        json_success = UNSET
    else:
        json_success = success
    params["success"] = json_success

    json_user_id: None | str | Unset
    if isinstance(user_id, Unset):
        json_user_id = UNSET
    else:
        json_user_id = user_id
    params["user_id"] = json_user_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/integrations/woocommerce/return",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CallbackDone | Problem | None:
    if response.status_code == 200:
        response_200 = CallbackDone.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CallbackDone | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    success: None | str | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
) -> Response[CallbackDone | Problem]:
    """Return from WooCommerce

     Where WooCommerce sends the store owner back: in the browser that started the
    install (its install cookie), the delivered keys become the integration.

    Args:
        success (None | str | Unset):
        user_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CallbackDone | Problem]
    """

    kwargs = _get_kwargs(
        success=success,
        user_id=user_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    success: None | str | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
) -> CallbackDone | Problem | None:
    """Return from WooCommerce

     Where WooCommerce sends the store owner back: in the browser that started the
    install (its install cookie), the delivered keys become the integration.

    Args:
        success (None | str | Unset):
        user_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CallbackDone | Problem
    """

    return sync_detailed(
        client=client,
        success=success,
        user_id=user_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    success: None | str | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
) -> Response[CallbackDone | Problem]:
    """Return from WooCommerce

     Where WooCommerce sends the store owner back: in the browser that started the
    install (its install cookie), the delivered keys become the integration.

    Args:
        success (None | str | Unset):
        user_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CallbackDone | Problem]
    """

    kwargs = _get_kwargs(
        success=success,
        user_id=user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    success: None | str | Unset = UNSET,
    user_id: None | str | Unset = UNSET,
) -> CallbackDone | Problem | None:
    """Return from WooCommerce

     Where WooCommerce sends the store owner back: in the browser that started the
    install (its install cookie), the delivered keys become the integration.

    Args:
        success (None | str | Unset):
        user_id (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CallbackDone | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            success=success,
            user_id=user_id,
        )
    ).parsed
