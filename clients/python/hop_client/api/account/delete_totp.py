from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.totp_disable import TotpDisable
from ...types import Response


def _get_kwargs(
    *,
    body: TotpDisable,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/users/me/mfa/totp",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
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
    *,
    client: AuthenticatedClient,
    body: TotpDisable,
) -> Response[Any | Problem]:
    """Turn two-factor codes off

     Turn two-factor codes off given the password (checked like a sign-in) and a code
    (or a recovery code); a wrong one is 401, and wrong codes are throttled like
    passwords (429). An account without a password (signed in through a provider)
    gives a code alone. The recovery codes go too.

    Args:
        body (TotpDisable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
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
    body: TotpDisable,
) -> Any | Problem | None:
    """Turn two-factor codes off

     Turn two-factor codes off given the password (checked like a sign-in) and a code
    (or a recovery code); a wrong one is 401, and wrong codes are throttled like
    passwords (429). An account without a password (signed in through a provider)
    gives a code alone. The recovery codes go too.

    Args:
        body (TotpDisable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TotpDisable,
) -> Response[Any | Problem]:
    """Turn two-factor codes off

     Turn two-factor codes off given the password (checked like a sign-in) and a code
    (or a recovery code); a wrong one is 401, and wrong codes are throttled like
    passwords (429). An account without a password (signed in through a provider)
    gives a code alone. The recovery codes go too.

    Args:
        body (TotpDisable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: TotpDisable,
) -> Any | Problem | None:
    """Turn two-factor codes off

     Turn two-factor codes off given the password (checked like a sign-in) and a code
    (or a recovery code); a wrong one is 401, and wrong codes are throttled like
    passwords (429). An account without a password (signed in through a provider)
    gives a code alone. The recovery codes go too.

    Args:
        body (TotpDisable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
