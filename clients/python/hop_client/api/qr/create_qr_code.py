from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.app_qr_create import AppQrCreate
from ...models.bio_qr_create import BioQrCreate
from ...models.crypto_qr_create import CryptoQrCreate
from ...models.email_qr_create import EmailQrCreate
from ...models.epc_qr_create import EpcQrCreate
from ...models.event_qr_create import EventQrCreate
from ...models.geo_qr_create import GeoQrCreate
from ...models.link_qr_create import LinkQrCreate
from ...models.mecard_qr_create import MecardQrCreate
from ...models.phone_qr_create import PhoneQrCreate
from ...models.problem import Problem
from ...models.qr_code import QrCode
from ...models.sms_qr_create import SmsQrCreate
from ...models.social_qr_create import SocialQrCreate
from ...models.text_qr_create import TextQrCreate
from ...models.url_qr_create import UrlQrCreate
from ...models.vcard_qr_create import VcardQrCreate
from ...models.whatsapp_qr_create import WhatsappQrCreate
from ...models.wifi_qr_create import WifiQrCreate
from ...types import Response


def _get_kwargs(
    *,
    body: AppQrCreate
    | BioQrCreate
    | CryptoQrCreate
    | EmailQrCreate
    | EpcQrCreate
    | EventQrCreate
    | GeoQrCreate
    | LinkQrCreate
    | MecardQrCreate
    | PhoneQrCreate
    | SmsQrCreate
    | SocialQrCreate
    | TextQrCreate
    | UrlQrCreate
    | VcardQrCreate
    | WhatsappQrCreate
    | WifiQrCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/qr",
    }

    if isinstance(body, UrlQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, LinkQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, TextQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, EmailQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PhoneQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SmsQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, WhatsappQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, WifiQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, VcardQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, MecardQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, GeoQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, EventQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, EpcQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CryptoQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AppQrCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SocialQrCreate):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | QrCode | None:
    if response.status_code == 201:
        response_201 = QrCode.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | QrCode]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AppQrCreate
    | BioQrCreate
    | CryptoQrCreate
    | EmailQrCreate
    | EpcQrCreate
    | EventQrCreate
    | GeoQrCreate
    | LinkQrCreate
    | MecardQrCreate
    | PhoneQrCreate
    | SmsQrCreate
    | SocialQrCreate
    | TextQrCreate
    | UrlQrCreate
    | VcardQrCreate
    | WhatsappQrCreate
    | WifiQrCreate,
) -> Response[Problem | QrCode]:
    """Create a QR code

     Create a QR code of one of 17 types. URL-like types are dynamic (tracked) by default.

    Args:
        body (AppQrCreate | BioQrCreate | CryptoQrCreate | EmailQrCreate | EpcQrCreate |
            EventQrCreate | GeoQrCreate | LinkQrCreate | MecardQrCreate | PhoneQrCreate | SmsQrCreate
            | SocialQrCreate | TextQrCreate | UrlQrCreate | VcardQrCreate | WhatsappQrCreate |
            WifiQrCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | QrCode]
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
    body: AppQrCreate
    | BioQrCreate
    | CryptoQrCreate
    | EmailQrCreate
    | EpcQrCreate
    | EventQrCreate
    | GeoQrCreate
    | LinkQrCreate
    | MecardQrCreate
    | PhoneQrCreate
    | SmsQrCreate
    | SocialQrCreate
    | TextQrCreate
    | UrlQrCreate
    | VcardQrCreate
    | WhatsappQrCreate
    | WifiQrCreate,
) -> Problem | QrCode | None:
    """Create a QR code

     Create a QR code of one of 17 types. URL-like types are dynamic (tracked) by default.

    Args:
        body (AppQrCreate | BioQrCreate | CryptoQrCreate | EmailQrCreate | EpcQrCreate |
            EventQrCreate | GeoQrCreate | LinkQrCreate | MecardQrCreate | PhoneQrCreate | SmsQrCreate
            | SocialQrCreate | TextQrCreate | UrlQrCreate | VcardQrCreate | WhatsappQrCreate |
            WifiQrCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | QrCode
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AppQrCreate
    | BioQrCreate
    | CryptoQrCreate
    | EmailQrCreate
    | EpcQrCreate
    | EventQrCreate
    | GeoQrCreate
    | LinkQrCreate
    | MecardQrCreate
    | PhoneQrCreate
    | SmsQrCreate
    | SocialQrCreate
    | TextQrCreate
    | UrlQrCreate
    | VcardQrCreate
    | WhatsappQrCreate
    | WifiQrCreate,
) -> Response[Problem | QrCode]:
    """Create a QR code

     Create a QR code of one of 17 types. URL-like types are dynamic (tracked) by default.

    Args:
        body (AppQrCreate | BioQrCreate | CryptoQrCreate | EmailQrCreate | EpcQrCreate |
            EventQrCreate | GeoQrCreate | LinkQrCreate | MecardQrCreate | PhoneQrCreate | SmsQrCreate
            | SocialQrCreate | TextQrCreate | UrlQrCreate | VcardQrCreate | WhatsappQrCreate |
            WifiQrCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | QrCode]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AppQrCreate
    | BioQrCreate
    | CryptoQrCreate
    | EmailQrCreate
    | EpcQrCreate
    | EventQrCreate
    | GeoQrCreate
    | LinkQrCreate
    | MecardQrCreate
    | PhoneQrCreate
    | SmsQrCreate
    | SocialQrCreate
    | TextQrCreate
    | UrlQrCreate
    | VcardQrCreate
    | WhatsappQrCreate
    | WifiQrCreate,
) -> Problem | QrCode | None:
    """Create a QR code

     Create a QR code of one of 17 types. URL-like types are dynamic (tracked) by default.

    Args:
        body (AppQrCreate | BioQrCreate | CryptoQrCreate | EmailQrCreate | EpcQrCreate |
            EventQrCreate | GeoQrCreate | LinkQrCreate | MecardQrCreate | PhoneQrCreate | SmsQrCreate
            | SocialQrCreate | TextQrCreate | UrlQrCreate | VcardQrCreate | WhatsappQrCreate |
            WifiQrCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | QrCode
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
