from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.login_mfa import LoginMfa
from ...models.problem import Problem
from ...models.token_pair import TokenPair
from ...types import Response


def _get_kwargs(
    *,
    body: LoginMfa,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/login/mfa",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | TokenPair | None:
    if response.status_code == 200:
        response_200 = TokenPair.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | TokenPair]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: LoginMfa,
) -> Response[Problem | TokenPair]:
    """Finish a sign-in with a two-factor code

     The second step of `POST /v1/auth/login` for an account with two-factor codes
    on: the `mfaToken` its 401 gave (5 minutes, single use) and a code from the app
    (accepted once, one 30-second step either side of now) or a recovery code (single
    use). A wrong, replayed or expired code or token is 401; wrong codes are throttled
    per account like passwords (429 with Retry-After). The tokens act in the workspace
    the login asked for.

    Args:
        body (LoginMfa):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TokenPair]
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
    body: LoginMfa,
) -> Problem | TokenPair | None:
    """Finish a sign-in with a two-factor code

     The second step of `POST /v1/auth/login` for an account with two-factor codes
    on: the `mfaToken` its 401 gave (5 minutes, single use) and a code from the app
    (accepted once, one 30-second step either side of now) or a recovery code (single
    use). A wrong, replayed or expired code or token is 401; wrong codes are throttled
    per account like passwords (429 with Retry-After). The tokens act in the workspace
    the login asked for.

    Args:
        body (LoginMfa):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TokenPair
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: LoginMfa,
) -> Response[Problem | TokenPair]:
    """Finish a sign-in with a two-factor code

     The second step of `POST /v1/auth/login` for an account with two-factor codes
    on: the `mfaToken` its 401 gave (5 minutes, single use) and a code from the app
    (accepted once, one 30-second step either side of now) or a recovery code (single
    use). A wrong, replayed or expired code or token is 401; wrong codes are throttled
    per account like passwords (429 with Retry-After). The tokens act in the workspace
    the login asked for.

    Args:
        body (LoginMfa):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TokenPair]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: LoginMfa,
) -> Problem | TokenPair | None:
    """Finish a sign-in with a two-factor code

     The second step of `POST /v1/auth/login` for an account with two-factor codes
    on: the `mfaToken` its 401 gave (5 minutes, single use) and a code from the app
    (accepted once, one 30-second step either side of now) or a recovery code (single
    use). A wrong, replayed or expired code or token is 401; wrong codes are throttled
    per account like passwords (429 with Retry-After). The tokens act in the workspace
    the login asked for.

    Args:
        body (LoginMfa):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TokenPair
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
