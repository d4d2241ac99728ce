"""Contains all the data models used in inputs/outputs"""

from .account_analytics import AccountAnalytics
from .account_analytics_interval import AccountAnalyticsInterval
from .account_breakdown import AccountBreakdown
from .account_breakdown_browser import AccountBreakdownBrowser
from .account_breakdown_city import AccountBreakdownCity
from .account_breakdown_country import AccountBreakdownCountry
from .account_breakdown_device import AccountBreakdownDevice
from .account_breakdown_os import AccountBreakdownOs
from .account_breakdown_referrer import AccountBreakdownReferrer
from .account_breakdown_region import AccountBreakdownRegion
from .account_breakdown_utm_campaign import AccountBreakdownUtmCampaign
from .account_breakdown_utm_medium import AccountBreakdownUtmMedium
from .account_breakdown_utm_source import AccountBreakdownUtmSource
from .account_delete import AccountDelete
from .account_totals import AccountTotals
from .api_key import ApiKey
from .api_key_create import ApiKeyCreate
from .api_key_create_environment import ApiKeyCreateEnvironment
from .api_key_created import ApiKeyCreated
from .api_key_created_environment import ApiKeyCreatedEnvironment
from .api_key_environment import ApiKeyEnvironment
from .api_key_list import ApiKeyList
from .app_data import AppData
from .app_qr_create import AppQrCreate
from .app_qr_create_type import AppQrCreateType
from .attempt import Attempt
from .attempt_page import AttemptPage
from .audit_actor import AuditActor
from .audit_entry import AuditEntry
from .audit_log_page import AuditLogPage
from .bio_data import BioData
from .bio_link import BioLink
from .bio_link_in import BioLinkIn
from .bio_page import BioPage
from .bio_put import BioPut
from .bio_put_theme import BioPutTheme
from .bio_qr_create import BioQrCreate
from .bio_qr_create_type import BioQrCreateType
from .bio_social import BioSocial
from .bio_social_in import BioSocialIn
from .bio_social_in_network import BioSocialInNetwork
from .breakdown import Breakdown
from .breakdown_browser import BreakdownBrowser
from .breakdown_city import BreakdownCity
from .breakdown_country import BreakdownCountry
from .breakdown_day import BreakdownDay
from .breakdown_device import BreakdownDevice
from .breakdown_os import BreakdownOs
from .breakdown_referrer import BreakdownReferrer
from .breakdown_region import BreakdownRegion
from .bulk_action import BulkAction
from .bulk_action_type import BulkActionType
from .bulk_create import BulkCreate
from .bulk_item_result import BulkItemResult
from .bulk_problem import BulkProblem
from .bulk_problem_errors_item import BulkProblemErrorsItem
from .bulk_result import BulkResult
from .bulk_update import BulkUpdate
from .bulk_update_result import BulkUpdateResult
from .callback_done import CallbackDone
from .click_record import ClickRecord
from .click_totals import ClickTotals
from .connect_request import ConnectRequest
from .connect_request_platform import ConnectRequestPlatform
from .copy import Copy
from .crypto_data import CryptoData
from .crypto_data_currency import CryptoDataCurrency
from .crypto_qr_create import CryptoQrCreate
from .crypto_qr_create_type import CryptoQrCreateType
from .delivery import Delivery
from .delivery_state import DeliveryState
from .domain import Domain
from .domain_check import DomainCheck
from .domain_create import DomainCreate
from .domain_list import DomainList
from .domain_status import DomainStatus
from .domain_update import DomainUpdate
from .email_data import EmailData
from .email_qr_create import EmailQrCreate
from .email_qr_create_type import EmailQrCreateType
from .epc_data import EpcData
from .epc_qr_create import EpcQrCreate
from .epc_qr_create_type import EpcQrCreateType
from .event_data import EventData
from .event_qr_create import EventQrCreate
from .event_qr_create_type import EventQrCreateType
from .export_account_response_200 import ExportAccountResponse200
from .export_link_clicks_format import ExportLinkClicksFormat
from .export_links_archived import ExportLinksArchived
from .export_links_status import ExportLinksStatus
from .export_links_tag_match import ExportLinksTagMatch
from .field_error import FieldError
from .generate_request import GenerateRequest
from .generate_request_channels_type_0_item import GenerateRequestChannelsType0Item
from .generate_request_generator import GenerateRequestGenerator
from .generate_request_tone import GenerateRequestTone
from .geo_data import GeoData
from .geo_qr_create import GeoQrCreate
from .geo_qr_create_type import GeoQrCreateType
from .get_account_analytics_interval import GetAccountAnalyticsInterval
from .get_qr_image_ecl_type_1 import GetQrImageEclType1
from .get_qr_image_ecl_type_2_type_1 import GetQrImageEclType2Type1
from .get_qr_image_ecl_type_3_type_1 import GetQrImageEclType3Type1
from .get_qr_image_format import GetQrImageFormat
from .import_create import ImportCreate
from .import_create_credentials import ImportCreateCredentials
from .import_create_options import ImportCreateOptions
from .import_failure import ImportFailure
from .import_job import ImportJob
from .import_job_status import ImportJobStatus
from .import_page import ImportPage
from .install_url import InstallUrl
from .integration import Integration
from .integration_connected_via import IntegrationConnectedVia
from .integration_list import IntegrationList
from .integration_platform import IntegrationPlatform
from .integration_status import IntegrationStatus
from .invitation import Invitation
from .invitation_accept import InvitationAccept
from .invitation_accepted import InvitationAccepted
from .invitation_accepted_role import InvitationAcceptedRole
from .invitation_create import InvitationCreate
from .invitation_create_role import InvitationCreateRole
from .invitation_list import InvitationList
from .invitation_role import InvitationRole
from .link import Link
from .link_clicks import LinkClicks
from .link_create import LinkCreate
from .link_create_extra_path_type_0 import LinkCreateExtraPathType0
from .link_create_redirect_type import LinkCreateRedirectType
from .link_data import LinkData
from .link_extra_path_type_0 import LinkExtraPathType0
from .link_filter_body import LinkFilterBody
from .link_filter_body_status_type_0 import LinkFilterBodyStatusType0
from .link_filter_body_tag_match import LinkFilterBodyTagMatch
from .link_health import LinkHealth
from .link_health_status import LinkHealthStatus
from .link_page import LinkPage
from .link_qr_create import LinkQrCreate
from .link_qr_create_type import LinkQrCreateType
from .link_safety import LinkSafety
from .link_safety_source_type_0 import LinkSafetySourceType0
from .link_safety_verdict import LinkSafetyVerdict
from .link_status import LinkStatus
from .link_update import LinkUpdate
from .link_update_extra_path_type_0 import LinkUpdateExtraPathType0
from .link_update_redirect_type import LinkUpdateRedirectType
from .link_utm import LinkUtm
from .list_integrations_status import ListIntegrationsStatus
from .list_links_archived import ListLinksArchived
from .list_links_sort import ListLinksSort
from .list_links_status import ListLinksStatus
from .list_links_tag_match import ListLinksTagMatch
from .live_click import LiveClick
from .login_mfa import LoginMfa
from .login_request import LoginRequest
from .me import Me
from .me_plan import MePlan
from .mecard_data import MecardData
from .mecard_qr_create import MecardQrCreate
from .mecard_qr_create_type import MecardQrCreateType
from .member import Member
from .member_list import MemberList
from .member_role import MemberRole
from .member_update import MemberUpdate
from .member_update_role import MemberUpdateRole
from .orphan_count import OrphanCount
from .orphan_day import OrphanDay
from .orphan_totals import OrphanTotals
from .orphan_totals_bot_types import OrphanTotalsBotTypes
from .orphan_totals_humans import OrphanTotalsHumans
from .orphan_visits import OrphanVisits
from .own_bio_link import OwnBioLink
from .own_bio_social import OwnBioSocial
from .passkey import Passkey
from .passkey_list import PasskeyList
from .passkey_rename import PasskeyRename
from .phone_data import PhoneData
from .phone_qr_create import PhoneQrCreate
from .phone_qr_create_type import PhoneQrCreateType
from .preview import Preview
from .problem import Problem
from .product import Product
from .product_link import ProductLink
from .product_link_channels_item import ProductLinkChannelsItem
from .product_link_generator import ProductLinkGenerator
from .product_link_page import ProductLinkPage
from .product_page import ProductPage
from .public_bio_page import PublicBioPage
from .qr_code import QrCode
from .qr_code_data import QrCodeData
from .qr_frame import QrFrame
from .qr_gradient import QrGradient
from .qr_page import QrPage
from .qr_style import QrStyle
from .qr_style_ecl_type_0 import QrStyleEclType0
from .qr_style_eye_shape import QrStyleEyeShape
from .qr_style_module_shape import QrStyleModuleShape
from .qr_update import QrUpdate
from .qr_update_data import QrUpdateData
from .recovery_codes import RecoveryCodes
from .refresh_request import RefreshRequest
from .remapped_code import RemappedCode
from .rule import Rule
from .rule_when import RuleWhen
from .rule_when_device_type_0_item import RuleWhenDeviceType0Item
from .rule_when_os_type_0_item import RuleWhenOsType0Item
from .secret_rotated import SecretRotated
from .series_point import SeriesPoint
from .sms_data import SmsData
from .sms_qr_create import SmsQrCreate
from .sms_qr_create_type import SmsQrCreateType
from .social_data import SocialData
from .social_data_network import SocialDataNetwork
from .social_qr_create import SocialQrCreate
from .social_qr_create_type import SocialQrCreateType
from .sso import Sso
from .sso_create import SsoCreate
from .sso_create_default_role import SsoCreateDefaultRole
from .sso_default_role import SsoDefaultRole
from .sso_domain import SsoDomain
from .sso_update import SsoUpdate
from .sso_update_default_role_type_0 import SsoUpdateDefaultRoleType0
from .tag_count import TagCount
from .tag_list import TagList
from .text_data import TextData
from .text_qr_create import TextQrCreate
from .text_qr_create_type import TextQrCreateType
from .token_pair import TokenPair
from .top_link import TopLink
from .totp_confirm import TotpConfirm
from .totp_disable import TotpDisable
from .totp_enrolment import TotpEnrolment
from .url_data import UrlData
from .url_qr_create import UrlQrCreate
from .url_qr_create_type import UrlQrCreateType
from .utm import Utm
from .utm_used import UtmUsed
from .variant import Variant
from .variant_stats import VariantStats
from .vcard_data import VcardData
from .vcard_qr_create import VcardQrCreate
from .vcard_qr_create_type import VcardQrCreateType
from .verification import Verification
from .verification_type import VerificationType
from .webhook import Webhook
from .webhook_create import WebhookCreate
from .webhook_create_events_item import WebhookCreateEventsItem
from .webhook_created import WebhookCreated
from .webhook_created_pause_reason_type_0 import WebhookCreatedPauseReasonType0
from .webhook_created_status import WebhookCreatedStatus
from .webhook_page import WebhookPage
from .webhook_pause_reason_type_0 import WebhookPauseReasonType0
from .webhook_status import WebhookStatus
from .webhook_update import WebhookUpdate
from .webhook_update_events_item import WebhookUpdateEventsItem
from .whatsapp_data import WhatsappData
from .whatsapp_qr_create import WhatsappQrCreate
from .whatsapp_qr_create_type import WhatsappQrCreateType
from .wifi_data import WifiData
from .wifi_data_security import WifiDataSecurity
from .wifi_qr_create import WifiQrCreate
from .wifi_qr_create_type import WifiQrCreateType
from .woo_keys import WooKeys
from .workspace import Workspace
from .workspace_create import WorkspaceCreate
from .workspace_delete import WorkspaceDelete
from .workspace_link_health import WorkspaceLinkHealth
from .workspace_list import WorkspaceList
from .workspace_plan import WorkspacePlan
from .workspace_privacy import WorkspacePrivacy
from .workspace_role import WorkspaceRole
from .workspace_update import WorkspaceUpdate

__all__ = (
    "AccountAnalytics",
    "AccountAnalyticsInterval",
    "AccountBreakdown",
    "AccountBreakdownBrowser",
    "AccountBreakdownCity",
    "AccountBreakdownCountry",
    "AccountBreakdownDevice",
    "AccountBreakdownOs",
    "AccountBreakdownReferrer",
    "AccountBreakdownRegion",
    "AccountBreakdownUtmCampaign",
    "AccountBreakdownUtmMedium",
    "AccountBreakdownUtmSource",
    "AccountDelete",
    "AccountTotals",
    "ApiKey",
    "ApiKeyCreate",
    "ApiKeyCreated",
    "ApiKeyCreatedEnvironment",
    "ApiKeyCreateEnvironment",
    "ApiKeyEnvironment",
    "ApiKeyList",
    "AppData",
    "AppQrCreate",
    "AppQrCreateType",
    "Attempt",
    "AttemptPage",
    "AuditActor",
    "AuditEntry",
    "AuditLogPage",
    "BioData",
    "BioLink",
    "BioLinkIn",
    "BioPage",
    "BioPut",
    "BioPutTheme",
    "BioQrCreate",
    "BioQrCreateType",
    "BioSocial",
    "BioSocialIn",
    "BioSocialInNetwork",
    "Breakdown",
    "BreakdownBrowser",
    "BreakdownCity",
    "BreakdownCountry",
    "BreakdownDay",
    "BreakdownDevice",
    "BreakdownOs",
    "BreakdownReferrer",
    "BreakdownRegion",
    "BulkAction",
    "BulkActionType",
    "BulkCreate",
    "BulkItemResult",
    "BulkProblem",
    "BulkProblemErrorsItem",
    "BulkResult",
    "BulkUpdate",
    "BulkUpdateResult",
    "CallbackDone",
    "ClickRecord",
    "ClickTotals",
    "ConnectRequest",
    "ConnectRequestPlatform",
    "Copy",
    "CryptoData",
    "CryptoDataCurrency",
    "CryptoQrCreate",
    "CryptoQrCreateType",
    "Delivery",
    "DeliveryState",
    "Domain",
    "DomainCheck",
    "DomainCreate",
    "DomainList",
    "DomainStatus",
    "DomainUpdate",
    "EmailData",
    "EmailQrCreate",
    "EmailQrCreateType",
    "EpcData",
    "EpcQrCreate",
    "EpcQrCreateType",
    "EventData",
    "EventQrCreate",
    "EventQrCreateType",
    "ExportAccountResponse200",
    "ExportLinkClicksFormat",
    "ExportLinksArchived",
    "ExportLinksStatus",
    "ExportLinksTagMatch",
    "FieldError",
    "GenerateRequest",
    "GenerateRequestChannelsType0Item",
    "GenerateRequestGenerator",
    "GenerateRequestTone",
    "GeoData",
    "GeoQrCreate",
    "GeoQrCreateType",
    "GetAccountAnalyticsInterval",
    "GetQrImageEclType1",
    "GetQrImageEclType2Type1",
    "GetQrImageEclType3Type1",
    "GetQrImageFormat",
    "ImportCreate",
    "ImportCreateCredentials",
    "ImportCreateOptions",
    "ImportFailure",
    "ImportJob",
    "ImportJobStatus",
    "ImportPage",
    "InstallUrl",
    "Integration",
    "IntegrationConnectedVia",
    "IntegrationList",
    "IntegrationPlatform",
    "IntegrationStatus",
    "Invitation",
    "InvitationAccept",
    "InvitationAccepted",
    "InvitationAcceptedRole",
    "InvitationCreate",
    "InvitationCreateRole",
    "InvitationList",
    "InvitationRole",
    "Link",
    "LinkClicks",
    "LinkCreate",
    "LinkCreateExtraPathType0",
    "LinkCreateRedirectType",
    "LinkData",
    "LinkExtraPathType0",
    "LinkFilterBody",
    "LinkFilterBodyStatusType0",
    "LinkFilterBodyTagMatch",
    "LinkHealth",
    "LinkHealthStatus",
    "LinkPage",
    "LinkQrCreate",
    "LinkQrCreateType",
    "LinkSafety",
    "LinkSafetySourceType0",
    "LinkSafetyVerdict",
    "LinkStatus",
    "LinkUpdate",
    "LinkUpdateExtraPathType0",
    "LinkUpdateRedirectType",
    "LinkUtm",
    "ListIntegrationsStatus",
    "ListLinksArchived",
    "ListLinksSort",
    "ListLinksStatus",
    "ListLinksTagMatch",
    "LiveClick",
    "LoginMfa",
    "LoginRequest",
    "Me",
    "MecardData",
    "MecardQrCreate",
    "MecardQrCreateType",
    "Member",
    "MemberList",
    "MemberRole",
    "MemberUpdate",
    "MemberUpdateRole",
    "MePlan",
    "OrphanCount",
    "OrphanDay",
    "OrphanTotals",
    "OrphanTotalsBotTypes",
    "OrphanTotalsHumans",
    "OrphanVisits",
    "OwnBioLink",
    "OwnBioSocial",
    "Passkey",
    "PasskeyList",
    "PasskeyRename",
    "PhoneData",
    "PhoneQrCreate",
    "PhoneQrCreateType",
    "Preview",
    "Problem",
    "Product",
    "ProductLink",
    "ProductLinkChannelsItem",
    "ProductLinkGenerator",
    "ProductLinkPage",
    "ProductPage",
    "PublicBioPage",
    "QrCode",
    "QrCodeData",
    "QrFrame",
    "QrGradient",
    "QrPage",
    "QrStyle",
    "QrStyleEclType0",
    "QrStyleEyeShape",
    "QrStyleModuleShape",
    "QrUpdate",
    "QrUpdateData",
    "RecoveryCodes",
    "RefreshRequest",
    "RemappedCode",
    "Rule",
    "RuleWhen",
    "RuleWhenDeviceType0Item",
    "RuleWhenOsType0Item",
    "SecretRotated",
    "SeriesPoint",
    "SmsData",
    "SmsQrCreate",
    "SmsQrCreateType",
    "SocialData",
    "SocialDataNetwork",
    "SocialQrCreate",
    "SocialQrCreateType",
    "Sso",
    "SsoCreate",
    "SsoCreateDefaultRole",
    "SsoDefaultRole",
    "SsoDomain",
    "SsoUpdate",
    "SsoUpdateDefaultRoleType0",
    "TagCount",
    "TagList",
    "TextData",
    "TextQrCreate",
    "TextQrCreateType",
    "TokenPair",
    "TopLink",
    "TotpConfirm",
    "TotpDisable",
    "TotpEnrolment",
    "UrlData",
    "UrlQrCreate",
    "UrlQrCreateType",
    "Utm",
    "UtmUsed",
    "Variant",
    "VariantStats",
    "VcardData",
    "VcardQrCreate",
    "VcardQrCreateType",
    "Verification",
    "VerificationType",
    "Webhook",
    "WebhookCreate",
    "WebhookCreated",
    "WebhookCreatedPauseReasonType0",
    "WebhookCreatedStatus",
    "WebhookCreateEventsItem",
    "WebhookPage",
    "WebhookPauseReasonType0",
    "WebhookStatus",
    "WebhookUpdate",
    "WebhookUpdateEventsItem",
    "WhatsappData",
    "WhatsappQrCreate",
    "WhatsappQrCreateType",
    "WifiData",
    "WifiDataSecurity",
    "WifiQrCreate",
    "WifiQrCreateType",
    "WooKeys",
    "Workspace",
    "WorkspaceCreate",
    "WorkspaceDelete",
    "WorkspaceLinkHealth",
    "WorkspaceList",
    "WorkspacePlan",
    "WorkspacePrivacy",
    "WorkspaceRole",
    "WorkspaceUpdate",
)
