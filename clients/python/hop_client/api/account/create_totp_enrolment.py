from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.totp_enrolment import TotpEnrolment
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/users/me/mfa/totp",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TotpEnrolment | None:
    if response.status_code == 200:
        response_200 = TotpEnrolment.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

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
) -> Response[Problem | TotpEnrolment]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TotpEnrolment]:
    """Start enrolling two-factor codes (TOTP)

     A new TOTP secret and its `otpauth://` URI for an authenticator app (RFC 6238,
    SHA-1, 6 digits, 30 seconds). Nothing changes at sign-in until the enrolment is
    confirmed with a code; starting again before that replaces the secret. 409 when
    two-factor codes are on already. The person only: an API key gets 403.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TotpEnrolment]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Problem | TotpEnrolment | None:
    """Start enrolling two-factor codes (TOTP)

     A new TOTP secret and its `otpauth://` URI for an authenticator app (RFC 6238,
    SHA-1, 6 digits, 30 seconds). Nothing changes at sign-in until the enrolment is
    confirmed with a code; starting again before that replaces the secret. 409 when
    two-factor codes are on already. The person only: an API key gets 403.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TotpEnrolment
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TotpEnrolment]:
    """Start enrolling two-factor codes (TOTP)

     A new TOTP secret and its `otpauth://` URI for an authenticator app (RFC 6238,
    SHA-1, 6 digits, 30 seconds). Nothing changes at sign-in until the enrolment is
    confirmed with a code; starting again before that replaces the secret. 409 when
    two-factor codes are on already. The person only: an API key gets 403.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TotpEnrolment]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Problem | TotpEnrolment | None:
    """Start enrolling two-factor codes (TOTP)

     A new TOTP secret and its `otpauth://` URI for an authenticator app (RFC 6238,
    SHA-1, 6 digits, 30 seconds). Nothing changes at sign-in until the enrolment is
    confirmed with a code; starting again before that replaces the secret. 409 when
    two-factor codes are on already. The person only: an API key gets 403.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TotpEnrolment
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
